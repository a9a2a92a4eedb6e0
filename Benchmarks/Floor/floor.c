// The raw-libmicrohttpd floor for the HTTP benchmark: the same thread model as flightplan serve
// (internal thread pool, poll, ITC), the POST body read the same way (consumed chunk by chunk, answered
// on the final call), and a fixed, precomputed response body: flightplan's own answer to the benchmark
// request. Whatever flightplan costs beyond this server is JSON, planning and bookkeeping.
//
// Usage: floor PORT THREADS RESPONSE_FILE
#include <microhttpd.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *response_body;
static size_t response_length;

static enum MHD_Result answer(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                              const char *version, const char *upload_data, size_t *upload_data_size, void **req_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    static int marker;
    if (*req_cls == NULL) {
        *req_cls = &marker;
        return MHD_YES;
    }
    if (*upload_data_size != 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(response_length, response_body, MHD_RESPMEM_PERSISTENT);
    MHD_add_response_header(response, "Content-Type", "application/json");
    enum MHD_Result result = MHD_queue_response(connection, MHD_HTTP_OK, response);
    MHD_destroy_response(response);
    return result;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s PORT THREADS RESPONSE_FILE\n", argv[0]);
        return 2;
    }
    FILE *file = fopen(argv[3], "rb");
    if (file == NULL) { perror(argv[3]); return 1; }
    fseek(file, 0, SEEK_END);
    response_length = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    response_body = malloc(response_length);
    if (fread(response_body, 1, response_length, file) != response_length) { perror("read"); return 1; }
    fclose(file);
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, NULL);
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_POLL_INTERNAL_THREAD | MHD_USE_ITC, (uint16_t)atoi(argv[1]), NULL, NULL, answer, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, (unsigned int)atoi(argv[2]),
        MHD_OPTION_CONNECTION_LIMIT, 1024u + 128u,
        MHD_OPTION_CONNECTION_TIMEOUT, 15u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32 * 1024,
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "cannot start\n"); return 1; }
    printf("floor listening on port %s\n", argv[1]);
    fflush(stdout);
    int received;
    sigwait(&signals, &received);
    MHD_stop_daemon(daemon);
    return 0;
}
