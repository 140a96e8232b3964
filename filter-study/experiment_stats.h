// Small helpers shared by the experiment tools: mean and 95 % confidence interval, the
// machine's description. Header-only; tools only.
#pragma once

#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

namespace experiment {

/// Student's t quantile t(0.975, df): exact table to 30, then the Cornish–Fisher expansion
/// (error below 1e-4).
inline double t975(std::size_t df) {
  static const double table[] = {0,      12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
                                 2.201,  2.179,  2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080,
                                 2.074,  2.069,  2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042};
  if (df == 0) return NAN;
  if (df <= 30) return table[df];
  const double z = 1.959964, n = static_cast<double>(df);
  return z + (z * z * z + z) / (4 * n) + (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * n * n);
}

/// Wall-clock time and this thread's CPU time since construction. On a shared machine the CPU
/// time leaves out the time other processes had the core; the wall time includes waiting for
/// the disk (page faults of a cold store), which CPU time does not.
class Stopwatch {
 public:
  Stopwatch() : wall_(std::chrono::steady_clock::now()), cpu_(thread_cpu_ns()) {}
  double wall_ns() const { return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - wall_).count(); }
  double cpu_ns() const { return thread_cpu_ns() - cpu_; }
  static double thread_cpu_ns() {
    timespec t;
    ::clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e9 + static_cast<double>(t.tv_nsec);
  }

 private:
  std::chrono::steady_clock::time_point wall_;
  double cpu_;
};

struct Summary {
  double mean = 0, ci95 = 0, sd = 0, min = 0, median = 0;
  std::size_t n = 0;
};

/// Mean ± t(0.975, n−1)·s/√n.
inline Summary summarize(std::vector<double> v) {
  Summary s;
  s.n = v.size();
  if (v.empty()) return s;
  double sum = 0;
  for (double x : v) sum += x;
  s.mean = sum / static_cast<double>(v.size());
  double ss = 0;
  for (double x : v) ss += (x - s.mean) * (x - s.mean);
  s.sd = v.size() > 1 ? std::sqrt(ss / static_cast<double>(v.size() - 1)) : 0;
  s.ci95 = v.size() > 1 ? t975(v.size() - 1) * s.sd / std::sqrt(static_cast<double>(v.size())) : 0;
  std::sort(v.begin(), v.end());
  s.min = v.front();
  s.median = v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
  return s;
}

/// One line: CPU model, logical CPUs, load averages, memory.
inline std::string machine() {
  std::string cpu = "unknown CPU", line;
  std::ifstream info("/proc/cpuinfo");
  while (std::getline(info, line))
    if (line.rfind("model name", 0) == 0) {
      cpu = line.substr(line.find(':') + 2);
      break;
    }
  std::string load = "?";
  std::ifstream loadavg("/proc/loadavg");
  std::getline(loadavg, load);
  std::string mem = "?";
  std::ifstream meminfo("/proc/meminfo");
  while (std::getline(meminfo, line))
    if (line.rfind("MemTotal", 0) == 0) mem = line.substr(line.find_first_not_of(' ', 9));
  return cpu + "; " + std::to_string(std::thread::hardware_concurrency()) + " logical CPUs; load average " +
         load.substr(0, load.find(' ', load.find(' ', load.find(' ') + 1) + 1)) + "; memory " + mem;
}

}  // namespace experiment
