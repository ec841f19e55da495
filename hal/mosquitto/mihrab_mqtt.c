#include "mihrab_mqtt.h"
#include <pthread.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int init_result = MOSQ_ERR_SUCCESS;

static void init_library(void) { init_result = mosquitto_lib_init(); }

int mihrab_mqtt_init(void) {
    pthread_once(&once, init_library);
    return init_result;
}
