#ifndef FLIGHTPLAN_CMICROHTTPD_SHIM_H
#define FLIGHTPLAN_CMICROHTTPD_SHIM_H

// Non-variadic wrappers for the parts of libmicrohttpd that Swift cannot call directly: MHD_start_daemon and
// MHD_get_connection_info are variadic, and the external logger receives a va_list. Everything else (the
// unescape rule, name resolution, the listening socket) is Swift: MicroHTTPDaemon.swift, ListeningSocket.swift.

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

/// MHD_OPTION_UNESCAPE_CALLBACK's callback (microhttpd.h names no type for it): decodes `target` in place and
/// returns its new length.
typedef size_t (*flightplan_unescape)(void *context, struct MHD_Connection *connection, char *target);

/// Everything flightplan_start_daemon needs; plain data so Swift can fill it in.
struct flightplan_daemon_config {
    unsigned int thread_pool_size;
    unsigned int connection_limit;
    unsigned int connection_timeout;   // seconds
    size_t connection_memory_limit;    // bytes per connection
    MHD_AccessHandlerCallback handler;
    void *handler_context;
    flightplan_uri_log uri_log;        // sees each request line before libmicrohttpd parses its query
    flightplan_unescape unescape;      // decodes each request target's path
    MHD_RequestCompletedCallback completed;
    MHD_NotifyConnectionCallback connection_notify;
    flightplan_log_sink log_sink;
    void *log_context;
    unsigned int per_ip_connection_limit;  // 0: no limit
};

static inline void flightplan_log_trampoline(void *context, const char *format, va_list arguments) {
    const struct flightplan_daemon_config *config = (const struct flightplan_daemon_config *)context;
    char message[1024];
    vsnprintf(message, sizeof message, format, arguments);
    size_t length = strlen(message);
    while (length > 0 && (message[length - 1] == '\n' || message[length - 1] == '\r')) { message[--length] = '\0'; }
    config->log_sink(config->log_context, message);
}

/// Starts a daemon with libmicrohttpd's internal thread pool and poll(), listening on nothing: connections are
/// accepted elsewhere and handed over with MHD_add_connection. NULL on failure. `config` must outlive the daemon
/// (the logger reads it).
static inline struct MHD_Daemon *flightplan_start_daemon(const struct flightplan_daemon_config *config) {
    unsigned int flags = MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC | MHD_USE_ERROR_LOG | MHD_USE_NO_LISTEN_SOCKET;
    // One thread is the internal polling thread alone: libmicrohttpd 0.9.75 warns at every start when it is
    // given a pool size of 1 (or 0), so the option is passed only for a real pool.
    struct MHD_OptionItem pool[] = {
        {config->thread_pool_size > 1 ? MHD_OPTION_THREAD_POOL_SIZE : MHD_OPTION_END, config->thread_pool_size, NULL},
        {MHD_OPTION_END, 0, NULL},
    };
    return MHD_start_daemon(
        flags, 0, NULL, NULL, config->handler, config->handler_context,
        MHD_OPTION_EXTERNAL_LOGGER, flightplan_log_trampoline, (void *)config,
        MHD_OPTION_ARRAY, pool,
        MHD_OPTION_CONNECTION_LIMIT, config->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->connection_memory_limit,
        MHD_OPTION_NOTIFY_COMPLETED, config->completed, config->handler_context,
        MHD_OPTION_NOTIFY_CONNECTION, config->connection_notify, config->handler_context,
        MHD_OPTION_UNESCAPE_CALLBACK, config->unescape, NULL,
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

#endif
