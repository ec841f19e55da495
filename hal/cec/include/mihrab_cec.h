/* One small HDMI-CEC interface for Swift over the kernel's CEC API (linux/cec.h, /dev/cecN):
 * ioctls only, no library. The fd is blocking: claiming logical addresses and transmitting
 * (with the kernel's own wait for a reply) return when done. Every call returns 0 or a value
 * >= 0 on success and a negative errno on failure. */
#ifndef MIHRAB_CEC_H
#define MIHRAB_CEC_H

#include <stdint.h>

/* CEC_CAP_* (linux/cec.h). */
#define MIHRAB_CEC_CAP_LOG_ADDRS      (1u << 1)
#define MIHRAB_CEC_CAP_TRANSMIT       (1u << 2)
#define MIHRAB_CEC_CAP_CONNECTOR_INFO (1u << 8)
/* cec_msg.tx_status and rx_status bits (linux/cec.h). */
#define MIHRAB_CEC_TX_STATUS_OK             (1u << 0)
#define MIHRAB_CEC_TX_STATUS_ARB_LOST       (1u << 1)
#define MIHRAB_CEC_TX_STATUS_NACK           (1u << 2)
#define MIHRAB_CEC_TX_STATUS_LOW_DRIVE      (1u << 3)
#define MIHRAB_CEC_TX_STATUS_ERROR          (1u << 4)
#define MIHRAB_CEC_TX_STATUS_MAX_RETRIES    (1u << 5)
#define MIHRAB_CEC_TX_STATUS_ABORTED        (1u << 6)
#define MIHRAB_CEC_TX_STATUS_TIMEOUT        (1u << 7)
#define MIHRAB_CEC_RX_STATUS_OK             (1u << 0)
#define MIHRAB_CEC_RX_STATUS_TIMEOUT        (1u << 1)
#define MIHRAB_CEC_RX_STATUS_FEATURE_ABORT  (1u << 2)
#define MIHRAB_CEC_RX_STATUS_ABORTED        (1u << 3)
/* A physical address not known yet (no cable, no EDID). */
#define MIHRAB_CEC_PHYS_ADDR_INVALID 0xffffu

/* What CEC_ADAP_G_CAPS and CEC_ADAP_G_CONNECTOR_INFO say of an adapter. */
struct mihrab_cec_info {
    char driver[32];
    char name[32];
    uint32_t capabilities;
    /* 1 when the adapter names its DRM connector (card_no, connector_id: the number in
     * /sys/class/drm/cardN-NAME/connector_id). */
    int has_connector;
    uint32_t card_no;
    uint32_t connector_id;
};

/* Opens `path` ("/dev/cec1") O_RDWR|O_CLOEXEC, blocking; reads its capabilities and
 * connector into `info`; puts this fd in CEC_MODE_INITIATOR with no follower, so that another
 * process (cec-follower, a TV) can be the follower. Returns an fd. A file that is not a CEC
 * adapter gives -ENOTTY. */
int mihrab_cec_open(const char *path, struct mihrab_cec_info *info);
int mihrab_cec_close(int fd);

/* Claims a logical address as a playback device (CEC 1.4, vendor id none, `osd_name`: at most
 * 14 characters) and reads the physical address. An adapter already configured with a playback
 * address (our own earlier run) is kept as it is; one configured otherwise is cleared and
 * claimed again. An adapter without CEC_CAP_LOG_ADDRS is configured by someone else: its
 * first logical address is read. `logical` is 15 (unregistered) while none is claimed, as
 * when the physical address is not known yet (the kernel claims one once it is). */
int mihrab_cec_claim_playback(int fd, const char *osd_name, uint8_t *logical, uint16_t *physical);

/* Transmits `len` (1..16) bytes (header, opcode, operands). With `reply` non-zero the kernel
 * waits up to `timeout_ms` for the destination's message with that opcode and puts it in `out`
 * (`*out_len` its length, 0 when none came: rx_status then says why: TIMEOUT or
 * FEATURE_ABORT). `out` has room for 16 bytes. tx_status: OK, or NACK (nobody acknowledged). */
int mihrab_cec_transmit(int fd, const uint8_t *msg, uint32_t len, uint8_t reply, uint32_t timeout_ms,
                        uint8_t *out, uint32_t *out_len, uint8_t *tx_status, uint8_t *rx_status);

#endif
