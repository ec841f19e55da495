/* The kernel's CEC API (Documentation/userspace-api/media/cec): ioctls on /dev/cecN. */
#include "mihrab_cec.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/cec.h>

static int neg_errno(void) { return errno ? -errno : -EIO; }

static int xioctl(int fd, unsigned long request, void *arg) {
    int r;
    do r = ioctl(fd, request, arg); while (r < 0 && errno == EINTR);
    return r < 0 ? neg_errno() : 0;
}

int mihrab_cec_open(const char *path, struct mihrab_cec_info *info) {
    if (!path || !info) return -EINVAL;
    int fd = open(path, O_RDWR | O_CLOEXEC);
    if (fd < 0) return neg_errno();
    struct cec_caps caps;
    memset(&caps, 0, sizeof caps);
    int r = xioctl(fd, CEC_ADAP_G_CAPS, &caps);
    memset(info, 0, sizeof *info);
    if (r == 0) {
        memcpy(info->driver, caps.driver, sizeof info->driver - 1);
        memcpy(info->name, caps.name, sizeof info->name - 1);
        info->capabilities = caps.capabilities;
    }
    if (r == 0 && (caps.capabilities & CEC_CAP_CONNECTOR_INFO)) {
        struct cec_connector_info conn;
        memset(&conn, 0, sizeof conn);
        if (xioctl(fd, CEC_ADAP_G_CONNECTOR_INFO, &conn) == 0 && conn.type == CEC_CONNECTOR_TYPE_DRM) {
            info->has_connector = 1;
            info->card_no = conn.drm.card_no;
            info->connector_id = conn.drm.connector_id;
        }
    }
    if (r == 0) {
        __u32 mode = CEC_MODE_INITIATOR | CEC_MODE_NO_FOLLOWER;
        r = xioctl(fd, CEC_S_MODE, &mode);
    }
    if (r < 0) {
        close(fd);
        return r;
    }
    return fd;
}

int mihrab_cec_close(int fd) { return close(fd) < 0 ? neg_errno() : 0; }

static uint8_t first_logical(const struct cec_log_addrs *la) {
    return la->num_log_addrs > 0 && la->log_addr[0] != CEC_LOG_ADDR_INVALID ? la->log_addr[0] : CEC_LOG_ADDR_UNREGISTERED;
}

int mihrab_cec_claim_playback(int fd, const char *osd_name, uint8_t *logical, uint16_t *physical) {
    if (!osd_name || !logical || !physical) return -EINVAL;
    struct cec_caps caps;
    memset(&caps, 0, sizeof caps);
    int r = xioctl(fd, CEC_ADAP_G_CAPS, &caps);
    if (r < 0) return r;
    struct cec_log_addrs la;
    memset(&la, 0, sizeof la);
    if ((r = xioctl(fd, CEC_ADAP_G_LOG_ADDRS, &la)) < 0) return r;
    int ours = la.num_log_addrs > 0 && la.log_addr_type[0] == CEC_LOG_ADDR_TYPE_PLAYBACK;
    if ((caps.capabilities & CEC_CAP_LOG_ADDRS) && !ours) {
        if (la.num_log_addrs > 0) {
            /* Configured as something else: cleared first (the kernel refuses a new
             * configuration over an old one with EBUSY). */
            memset(&la, 0, sizeof la);
            if ((r = xioctl(fd, CEC_ADAP_S_LOG_ADDRS, &la)) < 0) return r;
        }
        memset(&la, 0, sizeof la);
        la.cec_version = CEC_OP_CEC_VERSION_1_4;
        la.vendor_id = CEC_VENDOR_ID_NONE;
        la.num_log_addrs = 1;
        la.flags = CEC_LOG_ADDRS_FL_ALLOW_UNREG_FALLBACK;
        la.log_addr_type[0] = CEC_LOG_ADDR_TYPE_PLAYBACK;
        la.primary_device_type[0] = CEC_OP_PRIM_DEVTYPE_PLAYBACK;
        la.all_device_types[0] = CEC_OP_ALL_DEVTYPE_PLAYBACK;
        strncpy(la.osd_name, osd_name, sizeof la.osd_name - 1);
        /* Blocking fd: returns once the kernel has polled for a free address and claimed it
         * (at once, unconfigured, when the physical address is not known yet). */
        if ((r = xioctl(fd, CEC_ADAP_S_LOG_ADDRS, &la)) < 0) return r;
    }
    __u16 pa = CEC_PHYS_ADDR_INVALID;
    if ((r = xioctl(fd, CEC_ADAP_G_PHYS_ADDR, &pa)) < 0) return r;
    *logical = first_logical(&la);
    *physical = pa;
    return 0;
}

int mihrab_cec_transmit(int fd, const uint8_t *msg, uint32_t len, uint8_t reply, uint32_t timeout_ms,
                        uint8_t *out, uint32_t *out_len, uint8_t *tx_status, uint8_t *rx_status) {
    if (!msg || len < 1 || len > CEC_MAX_MSG_SIZE || !out || !out_len || !tx_status || !rx_status) return -EINVAL;
    struct cec_msg m;
    memset(&m, 0, sizeof m);
    memcpy(m.msg, msg, len);
    m.len = len;
    m.reply = reply;
    m.timeout = reply ? timeout_ms : 0;
    int r = xioctl(fd, CEC_TRANSMIT, &m);
    if (r < 0) return r;
    *tx_status = m.tx_status;
    *rx_status = m.rx_status;
    *out_len = 0;
    if (reply && (m.rx_status & CEC_RX_STATUS_OK) && !(m.rx_status & CEC_RX_STATUS_FEATURE_ABORT)) {
        *out_len = m.len <= CEC_MAX_MSG_SIZE ? m.len : CEC_MAX_MSG_SIZE;
        memcpy(out, m.msg, *out_len);
    }
    return 0;
}
