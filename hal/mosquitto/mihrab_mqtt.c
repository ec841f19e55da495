#include "mihrab_mqtt.h"
#include "mihrab_dynamic.h"
#include <pthread.h>

MIHRAB_DL_LIB(libmosquitto, "libmosquitto.so.1");

const char *mihrab_mqtt_library_error(void) { return mihrab_dl_error(&libmosquitto); }

/* What the Swift side calls, each defined with the header's prototype in force. */
#define MIHRAB_MOSQUITTO_FUNCTIONS(F, V)                                                                  \
    F(int, mosquitto_lib_init, (void), ())                                                                \
    F(const char *, mosquitto_connack_string, (int connack_code), (connack_code))                         \
    F(const char *, mosquitto_strerror, (int mosq_errno), (mosq_errno))                                   \
    F(struct mosquitto *, mosquitto_new, (const char *id, bool clean_session, void *obj),                 \
      (id, clean_session, obj))                                                                           \
    V(mosquitto_destroy, (struct mosquitto *mosq), (mosq))                                                \
    F(int, mosquitto_int_option, (struct mosquitto *mosq, enum mosq_opt_t option, int value),             \
      (mosq, option, value))                                                                              \
    F(int, mosquitto_username_pw_set, (struct mosquitto *mosq, const char *username, const char *password), \
      (mosq, username, password))                                                                         \
    F(int, mosquitto_will_set, (struct mosquitto *mosq, const char *topic, int payloadlen,                \
                                const void *payload, int qos, bool retain),                               \
      (mosq, topic, payloadlen, payload, qos, retain))                                                    \
    F(int, mosquitto_tls_set, (struct mosquitto *mosq, const char *cafile, const char *capath,            \
                               const char *certfile, const char *keyfile,                                 \
                               int (*pw_callback)(char *buf, int size, int rwflag, void *userdata)),      \
      (mosq, cafile, capath, certfile, keyfile, pw_callback))                                             \
    F(int, mosquitto_reconnect_delay_set, (struct mosquitto *mosq, unsigned int reconnect_delay,          \
                                           unsigned int reconnect_delay_max,                              \
                                           bool reconnect_exponential_backoff),                           \
      (mosq, reconnect_delay, reconnect_delay_max, reconnect_exponential_backoff))                        \
    V(mosquitto_user_data_set, (struct mosquitto *mosq, void *obj), (mosq, obj))                          \
    V(mosquitto_connect_callback_set, (struct mosquitto *mosq,                                            \
                                       void (*on_connect)(struct mosquitto *, void *, int)),              \
      (mosq, on_connect))                                                                                 \
    V(mosquitto_disconnect_callback_set, (struct mosquitto *mosq,                                         \
                                          void (*on_disconnect)(struct mosquitto *, void *, int)),        \
      (mosq, on_disconnect))                                                                              \
    V(mosquitto_message_callback_set, (struct mosquitto *mosq,                                            \
                                       void (*on_message)(struct mosquitto *, void *,                     \
                                                          const struct mosquitto_message *)),             \
      (mosq, on_message))                                                                                 \
    V(mosquitto_publish_callback_set, (struct mosquitto *mosq,                                            \
                                       void (*on_publish)(struct mosquitto *, void *, int)),              \
      (mosq, on_publish))                                                                                 \
    F(int, mosquitto_connect_async, (struct mosquitto *mosq, const char *host, int port, int keepalive),  \
      (mosq, host, port, keepalive))                                                                      \
    F(int, mosquitto_loop_start, (struct mosquitto *mosq), (mosq))                                        \
    F(int, mosquitto_loop_stop, (struct mosquitto *mosq, bool force), (mosq, force))                      \
    F(int, mosquitto_publish, (struct mosquitto *mosq, int *mid, const char *topic, int payloadlen,       \
                               const void *payload, int qos, bool retain),                                \
      (mosq, mid, topic, payloadlen, payload, qos, retain))                                               \
    F(int, mosquitto_subscribe, (struct mosquitto *mosq, int *mid, const char *sub, int qos),             \
      (mosq, mid, sub, qos))                                                                              \
    F(bool, mosquitto_want_write, (struct mosquitto *mosq), (mosq))                                       \
    F(int, mosquitto_disconnect, (struct mosquitto *mosq), (mosq))

#define FN(ret, name, params, args) MIHRAB_DL_FN(libmosquitto, ret, name, params, args)
#define VOID_FN(name, params, args) MIHRAB_DL_VOID(libmosquitto, name, params, args)
MIHRAB_MOSQUITTO_FUNCTIONS(FN, VOID_FN)

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int init_result = MOSQ_ERR_SUCCESS;

static void init_library(void) { init_result = mosquitto_lib_init(); }

int mihrab_mqtt_init(void) {
    if (mihrab_mqtt_library_error()) return MOSQ_ERR_NOT_SUPPORTED;
    pthread_once(&once, init_library);
    return init_result;
}
