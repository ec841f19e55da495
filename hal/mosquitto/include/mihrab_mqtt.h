#ifndef MIHRAB_MQTT_H
#define MIHRAB_MQTT_H

/* Debian's libmosquitto (the client library of the mosquitto broker, libmosquitto-dev): the
 * Swift side (Sources/SiteLink/MQTTClient.swift) uses its API directly; this module only
 * makes it importable and initialises the library once per process. */
#include <mosquitto.h>

/* mosquitto_lib_init, once, from any thread. Returns MOSQ_ERR_SUCCESS or its error. */
int mihrab_mqtt_init(void);

#endif
