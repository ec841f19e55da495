/* i2c-dev and libi2c shim. libi2c returns negative errno values itself; the raw
 * ioctls return -1 with errno set, which is turned into -errno here. */
#include "mihrab_i2c.h"
#include "mihrab_dynamic.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/i2c.h>
#include <linux/i2c-dev.h>
#include <i2c/smbus.h>

/* libi2c (i2c-tools' SMBus helpers), opened when the first adapter that has only SMBus is
 * (hal/dynamic); plain I2C transfers are ioctls and need no library. */
MIHRAB_DL_LIB(libi2c, "libi2c.so.0");

const char *mihrab_i2c_library_error(void) { return mihrab_dl_error(&libi2c); }

#define MIHRAB_I2C_FUNCTIONS(F)                                                                       \
    F(__s32, i2c_smbus_read_byte, (int file), (file))                                                 \
    F(__s32, i2c_smbus_write_byte, (int file, __u8 value), (file, value))                             \
    F(__s32, i2c_smbus_read_byte_data, (int file, __u8 command), (file, command))                     \
    F(__s32, i2c_smbus_write_byte_data, (int file, __u8 command, __u8 value), (file, command, value)) \
    F(__s32, i2c_smbus_read_word_data, (int file, __u8 command), (file, command))                     \
    F(__s32, i2c_smbus_write_word_data, (int file, __u8 command, __u16 value), (file, command, value)) \
    F(__s32, i2c_smbus_read_i2c_block_data, (int file, __u8 command, __u8 length, __u8 *values),      \
      (file, command, length, values))                                                                \
    F(__s32, i2c_smbus_write_i2c_block_data, (int file, __u8 command, __u8 length, const __u8 *values), \
      (file, command, length, values))

#define FN(ret, name, params, args) MIHRAB_DL_FN(libi2c, ret, name, params, args)
MIHRAB_I2C_FUNCTIONS(FN)

static int neg_errno(void) { return errno ? -errno : -EIO; }

int mihrab_i2c_open(const char *path) {
    if (!path) return -EINVAL;
    int fd = open(path, O_RDWR | O_CLOEXEC);
    return fd < 0 ? neg_errno() : fd;
}

int mihrab_i2c_close(int fd) { return close(fd) < 0 ? neg_errno() : 0; }

int mihrab_i2c_functions(int fd, unsigned long *funcs) {
    if (!funcs) return -EINVAL;
    return ioctl(fd, I2C_FUNCS, funcs) < 0 ? neg_errno() : 0;
}

int mihrab_i2c_set_address(int fd, uint8_t address) {
    if (address > 0x7f) return -EINVAL;
    return ioctl(fd, I2C_SLAVE, (unsigned long)address) < 0 ? neg_errno() : 0;
}

int mihrab_i2c_transfer(int fd, uint8_t address, const uint8_t *wbuf, size_t wlen,
                        uint8_t *rbuf, size_t rlen) {
    if (address > 0x7f || wlen > 0xffff || rlen > 0xffff) return -EINVAL;
    if ((wlen && !wbuf) || (rlen && !rbuf) || (wlen == 0 && rlen == 0)) return -EINVAL;
    struct i2c_msg msgs[2];
    struct i2c_rdwr_ioctl_data data = { .msgs = msgs, .nmsgs = 0 };
    if (wlen) {
        msgs[data.nmsgs++] = (struct i2c_msg){ .addr = address, .flags = 0,
                                               .len = (uint16_t)wlen, .buf = (uint8_t *)wbuf };
    }
    if (rlen) {
        msgs[data.nmsgs++] = (struct i2c_msg){ .addr = address, .flags = I2C_M_RD,
                                               .len = (uint16_t)rlen, .buf = rbuf };
    }
    int r = ioctl(fd, I2C_RDWR, &data);
    if (r < 0) return neg_errno();
    return (unsigned)r == data.nmsgs ? 0 : -EIO;
}

int mihrab_smbus_read_byte(int fd) { return i2c_smbus_read_byte(fd); }
int mihrab_smbus_write_byte(int fd, uint8_t value) { return i2c_smbus_write_byte(fd, value); }
int mihrab_smbus_read_byte_data(int fd, uint8_t reg) { return i2c_smbus_read_byte_data(fd, reg); }
int mihrab_smbus_write_byte_data(int fd, uint8_t reg, uint8_t value) {
    return i2c_smbus_write_byte_data(fd, reg, value);
}
int mihrab_smbus_read_word_data(int fd, uint8_t reg) { return i2c_smbus_read_word_data(fd, reg); }
int mihrab_smbus_write_word_data(int fd, uint8_t reg, uint16_t value) {
    return i2c_smbus_write_word_data(fd, reg, value);
}
int mihrab_smbus_read_block(int fd, uint8_t reg, uint8_t len, uint8_t *out) {
    if (len == 0 || len > 32 || !out) return -EINVAL;
    return i2c_smbus_read_i2c_block_data(fd, reg, len, out);
}
int mihrab_smbus_write_block(int fd, uint8_t reg, uint8_t len, const uint8_t *data) {
    if (len == 0 || len > 32 || !data) return -EINVAL;
    return i2c_smbus_write_i2c_block_data(fd, reg, len, data);
}
