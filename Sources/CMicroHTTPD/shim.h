#ifndef FLIGHTPLAN_CMICROHTTPD_SHIM_H
#define FLIGHTPLAN_CMICROHTTPD_SHIM_H

// Non-variadic wrappers for the parts of libmicrohttpd that Swift cannot call directly:
// MHD_start_daemon and MHD_get_daemon_info are variadic, and the external logger receives a va_list.

#include <arpa/inet.h>
#include <errno.h>
#include <unistd.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// A log sink that receives libmicrohttpd's messages already formatted.
typedef void (*flightplan_log_sink)(void *context, const char *message);

/// MHD_OPTION_URI_LOG_CALLBACK's callback (microhttpd.h names no type for it): the request target as sent,
/// before libmicrohttpd parses its query; what it returns becomes the request's slot.
typedef void *(*flightplan_uri_log)(void *context, const char *uri, struct MHD_Connection *connection);

/// Everything flightplan_start_daemon needs; plain data so Swift can fill it in.
struct flightplan_daemon_config {
    const char *host;                  // numeric IPv4/IPv6 address or a name resolved with getaddrinfo
    uint16_t port;                     // 0 picks a free port
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int connection_timeout;   // seconds
    size_t connection_memory_limit;    // bytes per connection
    MHD_AccessHandlerCallback handler;
    void *handler_context;
    flightplan_uri_log uri_log;        // sees each request line before libmicrohttpd parses its query
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback connection_notify;
    flightplan_log_sink log_sink;
    void *log_context;
    int reuse_port;                    // 1: share the port with other listeners (SO_REUSEPORT); 0: exclusive
    unsigned int per_ip_connection_limit;  // 0: no limit
};

static inline int flightplan_hex_digit(char c) {
    if (c >= '0' && c <= '9') { return c - '0'; }
    if (c >= 'a' && c <= 'f') { return c - 'a' + 10; }
    if (c >= 'A' && c <= 'F') { return c - 'A' + 10; }
    return -1;
}

/// Decodes a request target's percent-escapes in place, as libmicrohttpd's own unescaper does, except that
/// an escape decoding to a control character (%00 would end the C string and truncate the path) empties
/// the whole target instead: no origin-form or absolute-form target is empty, so the router reads an empty
/// path as "invalid target" and refuses it, rather than serving a truncated one.
static inline size_t flightplan_unescape(void *context, struct MHD_Connection *connection, char *target) {
    (void)context;
    (void)connection;
    char *out = target;
    const char *in = target;
    while (*in != '\0') {
        int high = in[0] == '%' ? flightplan_hex_digit(in[1]) : -1;
        int low = high >= 0 ? flightplan_hex_digit(in[2]) : -1;
        if (low >= 0) {
            int value = high * 16 + low;
            if (value < 0x20 || value == 0x7f) {
                target[0] = '\0';
                return 0;
            }
            *out++ = (char)value;
            in += 3;
        } else {
            *out++ = *in++;
        }
    }
    *out = '\0';
    return (size_t)(out - target);
}

static inline void flightplan_log_trampoline(void *context, const char *format, va_list arguments) {
    const struct flightplan_daemon_config *config = (const struct flightplan_daemon_config *)context;
    char message[1024];
    vsnprintf(message, sizeof message, format, arguments);
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r')) { message[--length] = '\0'; }
    config->log_sink(config->log_context, message);
}

/// Resolves `host` into `storage`; returns the address length, or 0 when it cannot be resolved.
static inline socklen_t flightplan_resolve(const char *host, uint16_t port, struct sockaddr_storage *storage) {
    memset(storage, 0, sizeof *storage);
    struct sockaddr_in *v4 = (struct sockaddr_in *)storage;
    if (inet_pton(AF_INET, host, &v4->sin_addr) == 1) {
        v4->sin_family = AF_INET;
        v4->sin_port = htons(port);
        return sizeof *v4;
    }
    struct sockaddr_in6 *v6 = (struct sockaddr_in6 *)storage;
    if (inet_pton(AF_INET6, host, &v6->sin6_addr) == 1) {
        v6->sin6_family = AF_INET6;
        v6->sin6_port = htons(port);
        return sizeof *v6;
    }
    struct addrinfo hints, *found = NULL;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    if (getaddrinfo(host, NULL, &hints, &found) != 0 || found == NULL) { return 0; }
    socklen_t length = (socklen_t)found->ai_addrlen;
    memcpy(storage, found->ai_addr, length);
    freeaddrinfo(found);
    if (storage->ss_family == AF_INET) { v4->sin_port = htons(port); } else { v6->sin6_port = htons(port); }
    return length;
}

/// Opens the listening socket: SO_REUSEADDR always (a restart binds even while old connections are in
/// TIME_WAIT), SO_REUSEPORT only when asked (otherwise a port another process listens on is refused with
/// EADDRINUSE instead of shared). Returns the socket, or -1 with errno set.
static inline int flightplan_listen(const struct flightplan_daemon_config *config) {
    struct sockaddr_storage address;
    socklen_t length = flightplan_resolve(config->host, config->port, &address);
    if (length == 0) { errno = EADDRNOTAVAIL; return -1; }
    int fd = socket(address.ss_family, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) { return -1; }
    int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (config->reuse_port) { setsockopt(fd, SOL_SOCKET, SO_REUSEPORT, &on, sizeof on); }
    if (bind(fd, (struct sockaddr *)&address, length) != 0 || listen(fd, SOMAXCONN) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

/// Starts a daemon on `listener` with libmicrohttpd's internal thread pool and poll(); NULL on failure
/// (the caller still owns `listener` then). `config` must outlive the daemon (the logger reads it).
static inline struct MHD_Daemon *flightplan_start_daemon(const struct flightplan_daemon_config *config, int listener) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(listener, (struct sockaddr *)&address, &length) != 0) { return NULL; }
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG;
    if (address.ss_family == AF_INET6) { flags |= MHD_USE_IPv6; }
    // One thread is the internal polling thread alone: libmicrohttpd 0.9.75 warns at every start when it is
    // given a pool size of 1 (or 0), so the option is passed only for a real pool.
    struct MHD_OptionItem pool[] = {
        {config->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, config->thread_pool_size, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    return MHD_start_daemon(
        flags, 0, NULL, NULL, config->handler, config->handler_context,
        MHD_OPTION_EXTERNAL_LOGGER, flightplan_log_trampoline, (void *)config,
        MHD_OPTION_LISTEN_SOCKET, listener,
        MHD_OPTION_ARRAY, pool,
        MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->connection_memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, config->completed, config->handler_context,
        MHD_OPTION_NOTIFY_CONNECTION, config->connection_notify, config->handler_context,
        MHD_OPTION_UNESCAPE_CALLBACK, flightplan_unescape, NULL,
        MHD_OPTION_URI_LOG_CALLBACK, config->uri_log, config->handler_context,
        MHD_OPTION_PER_IP_CONNECTION_LIMIT, config->per_ip_connection_limit,
        MHD_OPTION_END);
}

/// A connection's socket (MHD_get_connection_info is variadic), or -1.
static inline int flightplan_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/// The bytes of a request's line and headers as received (MHD_get_connection_info is variadic), or 0 while
/// the head is still arriving.
static inline size_t flightplan_request_head_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info == NULL ? 0 : info->header_size;
}

/// The port a listening socket is bound to (useful after asking for port 0).
static inline uint16_t flightplan_socket_port(int listener) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(listener, (struct sockaddr *)&address, &length) != 0) { return 0; }
    return ntohs(address.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&address)->sin6_port : ((struct sockaddr_in *)&address)->sin_port);
}

#endif
