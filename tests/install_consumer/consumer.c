/* Uses the C ABI only; runs without a GPU (the call fails validation before CUDA). */
#include <xpose/xpose.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  xpose_status_t s = xpose_transpose(NULL, NULL, 4, 4, 4, 0, 0, XPOSE_AUTO, 0);
  printf("%s | %s\n", xpose_status_string(s), xpose_last_error_message());
  return s == XPOSE_INVALID_ARGUMENT && strstr(xpose_last_error_message(), "in = NULL") ? 0 : 1;
}
