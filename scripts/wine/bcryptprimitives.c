// bcryptprimitives.c: ProcessPrng, the one function Go's runtime (1.22 and
// later) takes from Windows' bcryptprimitives.dll, for Wine 8.0 (Debian 12),
// which has no such DLL (Wine 9 has it). The Wine test of hexiom.exe
// (scripts/windows-release.sh --wine-prefix) builds it with mingw-w64 and puts
// it in the Wine prefix's system32, where Go loads system DLLs from; it is
// never shipped with hexiom.exe (Windows 10 and 11 have the DLL). The bytes
// come from Wine's RtlGenRandom (advapi32's SystemFunction036), the
// generator Go used before it switched to ProcessPrng.
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
  while (len > 0) {
    ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
    if (!SystemFunction036(data, n)) return FALSE;
    data += n;
    len -= n;
  }
  return TRUE;
}
