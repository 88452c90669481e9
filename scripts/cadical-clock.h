// cadical-clock.h: the clocks and the deadline the CaDiCaL comparison
// programs share (cadical-time.cpp, cadical-max.cpp, tantrix-sat.cpp):
// cpuMs, the process's CPU time; wallMs, a steady wall clock; Deadline, a
// terminator that stops CaDiCaL's search at a wall time and says whether it
// did. Included by each, compiled with it (no library of its own).
#pragma once

#include <cadical.hpp>

#include <chrono>
#include <ctime>

namespace {

double cpuMs() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

double wallMs() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

// Deadline stops the search at a wall time (end, in wallMs) or, when
// cpuEnd is above 0, at a CPU time of the process (in cpuMs); hit says
// whether it did.
struct Deadline : CaDiCaL::Terminator {
  double end;
  double cpuEnd = 0;
  bool hit = false;
  bool terminate() override {
    if (wallMs() >= end || (cpuEnd > 0 && cpuMs() >= cpuEnd)) hit = true;
    return hit;
  }
};

}  // namespace
