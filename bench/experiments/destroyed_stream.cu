// Which runtime calls survive a destroyed stream handle? Each probe runs in a child process.
#include <cuda_runtime.h>
#include <cstdio>
#include <sys/wait.h>
#include <unistd.h>
__global__ void k(int* p) { if (p) *p = 1; }
template <class F> void probe(const char* name, F f) {
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    cudaStream_t s;
    cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
    cudaStreamDestroy(s);
    cudaError_t e = f(s);
    printf("%-28s -> %s\n", name, cudaGetErrorName(e));
    fflush(stdout);
    _exit(0);
  }
  int st = 0;
  waitpid(pid, &st, 0);
  if (!WIFEXITED(st)) printf("%-28s -> CRASHED (signal %d)\n", name, WTERMSIG(st));
}
int main() {

  for (int round = 0; round < 3; ++round) {
    probe("cudaStreamQuery", [](cudaStream_t s) { return cudaStreamQuery(s); });
    probe("cudaStreamGetFlags", [](cudaStream_t s) { unsigned f; return cudaStreamGetFlags(s, &f); });
    probe("cudaStreamGetId", [](cudaStream_t s) { unsigned long long id; return cudaStreamGetId(s, &id); });
    probe("cudaStreamGetDevice", [](cudaStream_t s) { int d; return cudaStreamGetDevice(s, &d); });
    probe("cudaStreamGetPriority", [](cudaStream_t s) { int p; return cudaStreamGetPriority(s, &p); });
    probe("kernel launch", [](cudaStream_t s) { k<<<1, 1, 0, s>>>(nullptr); return cudaGetLastError(); });
  }
  return 0;
}
