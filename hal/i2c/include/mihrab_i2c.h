/* One small I2C interface for Swift over i2c-dev and libi2c (<i2c/smbus.h>).
 * Every call returns 0 or a value >= 0 on success and a negative errno on failure. */
#ifndef MIHRAB_I2C_H
#define MIHRAB_I2C_H

#include <stddef.h>
#include <stdint.h>

/* Adapter functionality bits (the kernel's I2C_FUNC_* values). */
#define MIHRAB_I2C_FUNC_I2C                    0x00000001UL
#define MIHRAB_I2C_FUNC_SMBUS_BYTE_DATA        0x00180000UL
#define MIHRAB_I2C_FUNC_SMBUS_WORD_DATA        0x00600000UL
#define MIHRAB_I2C_FUNC_SMBUS_READ_I2C_BLOCK   0x04000000UL
#define MIHRAB_I2C_FUNC_SMBUS_WRITE_I2C_BLOCK  0x08000000UL

/* NULL when libi2c is loaded (opened on the first call: hal/dynamic), else the loader's one-line
 * reason. The mihrab_smbus_ functions need it (checked before the first); the others do not.*/
const char *mihrab_i2c_library_error(void);

/* Opens a device node ("/dev/i2c-1") read-write, close-on-exec. Returns an fd. */
int mihrab_i2c_open(const char *path);
int mihrab_i2c_close(int fd);
/* The adapter's functionality mask (I2C_FUNCS). */
int mihrab_i2c_functions(int fd, unsigned long *funcs);
/* Selects the 7-bit slave address for the SMBus helpers (I2C_SLAVE). */
int mihrab_i2c_set_address(int fd, uint8_t address);
/* One combined transaction (I2C_RDWR): write wlen bytes, repeated start, read rlen
 * bytes. wlen or rlen may be 0 for a plain write or a plain read. */
int mihrab_i2c_transfer(int fd, uint8_t address, const uint8_t *wbuf, size_t wlen,
                        uint8_t *rbuf, size_t rlen);

/* SMBus helpers over libi2c; the address must have been selected first. */
int mihrab_smbus_read_byte(int fd);                                   /* receive byte, value 0..255 */
int mihrab_smbus_write_byte(int fd, uint8_t value);                   /* send byte (sets the pointer) */
int mihrab_smbus_read_byte_data(int fd, uint8_t reg);                  /* value 0..255 */
int mihrab_smbus_write_byte_data(int fd, uint8_t reg, uint8_t value);
int mihrab_smbus_read_word_data(int fd, uint8_t reg);                  /* value 0..65535 */
int mihrab_smbus_write_word_data(int fd, uint8_t reg, uint16_t value);
/* I2C-block read of len (1..32) bytes from reg; returns the count read. */
int mihrab_smbus_read_block(int fd, uint8_t reg, uint8_t len, uint8_t *out);
int mihrab_smbus_write_block(int fd, uint8_t reg, uint8_t len, const uint8_t *data);

#endif
