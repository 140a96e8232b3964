// What the command-line tools do about the dispatch tier (include/hyph/cpu_tier.h): refuse
// to start on a HYPH_CPU that names no tier, and say under --version which tier runs.
#pragma once

#include "cli_support.h"

#include <hyph/cpu_tier.h>
#include <hyph/error.h>

#include <boost/program_options.hpp>

#include <string>

namespace cli {

/// Throws Usage (exit status 2) if HYPH_CPU holds a typo, unless --help is asked (which says
/// what HYPH_CPU takes): a tool must not run a tier nobody asked for.
inline void check_dispatch_tier(const boost::program_options::variables_map& vm) {
  if (vm.count("help")) return;
  try {
    hyph::check_cpu_tier_variable();
  } catch (const hyph::Error& e) {
    throw Usage(e.what());
  }
}

/// "dispatch tier: avx2 (HYPH_CPU; this CPU has up to avx512)", or "... (this CPU's best)".
inline std::string dispatch_tier_line() {
  std::string line = "dispatch tier: " + std::string(hyph::cpu_tier_name(hyph::cpu_tier()));
  if (hyph::cpu_tier_forced())
    line += " (HYPH_CPU; this CPU has up to " + std::string(hyph::cpu_tier_name(hyph::cpu_best_tier())) + ")";
  else
    line += " (this CPU's best)";
  return line;
}

}  // namespace cli
