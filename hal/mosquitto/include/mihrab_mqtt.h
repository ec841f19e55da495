#ifndef MIHRAB_MQTT_H
#define MIHRAB_MQTT_H

/* Debian's libmosquitto (the client library of the mosquitto broker, libmosquitto-dev): the
 * Swift side (Sources/SiteLink/MQTTClient.swift) uses its API directly; this module makes it
 * importable, opens the library when first needed (dlopen, hal/dynamic: a command without
 * MQTT never loads it, nor its libssl and libcrypto) and initialises it once per process. */
#include <mosquitto.h>

/* NULL when libmosquitto is loaded (opening it on the first call), else the loader's one-line
 * reason. Called before any other mosquitto_ function: they abort if the library is missing. */
const char *mihrab_mqtt_library_error(void);

/* mosquitto_lib_init, once, from any thread. Returns MOSQ_ERR_SUCCESS or its error
 * (MOSQ_ERR_NOT_SUPPORTED when the library could not be loaded). */
int mihrab_mqtt_init(void);

#endif
