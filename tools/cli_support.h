// What every command-line tool does the same way: parsing with Boost.Program_options, and
// main()'s mapping of errors to messages and exit statuses (usage errors 2, others 1).
#pragma once

#include <boost/program_options.hpp>

#include <signal.h>  // pthread_sigmask
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace cli {

/// A mistake in the command line: reported with a pointer to --help, exit status 2.
struct Usage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// Parses argv against `options` (and `positional`); Program_options' complaints (unknown
/// options, missing or bad values) become Usage.
inline boost::program_options::variables_map parse(
    int argc, char** argv, const boost::program_options::options_description& options,
    const boost::program_options::positional_options_description& positional = {}) {
  namespace po = boost::program_options;
  po::variables_map vm;
  try {
    po::store(po::command_line_parser(argc, argv).options(options).positional(positional).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    throw Usage(e.what());
  }
  return vm;
}

/// As parse(), with every argument that is not an option appended to `inputs` (the
/// options' help stays as `options` shows it).
inline boost::program_options::variables_map parse_with_inputs(int argc, char** argv,
                                                               const boost::program_options::options_description& options,
                                                               std::vector<std::string>& inputs) {
  namespace po = boost::program_options;
  po::options_description hidden;
  hidden.add_options()("input", po::value(&inputs));
  po::options_description all;
  all.add(options).add(hidden);
  po::positional_options_description positional;
  positional.add("input", -1);
  return parse(argc, argv, all, positional);
}

/// Ends the program as SIGPIPE's default action does, for a reader of standard output that
/// went away: no message, and a status that is not success (a shell shows 141), as for `cat`
/// or `grep` in `... | head -1`. For a tool that ignores SIGPIPE (or was started with it
/// ignored) and sees EPIPE instead: output was lost, so it must not exit 0.
[[noreturn]] inline void die_of_sigpipe() {
  std::signal(SIGPIPE, SIG_DFL);
  sigset_t pipe_only;
  sigemptyset(&pipe_only);
  sigaddset(&pipe_only, SIGPIPE);
  pthread_sigmask(SIG_UNBLOCK, &pipe_only, nullptr);
  std::raise(SIGPIPE);
  _exit(128 + SIGPIPE);  // not reached: the signal ends the process
}

/// Prints what a load warns about (Hyphenator::warnings()) on stderr, one "NAME: warning:"
/// line each; the tool goes on.
template <class Hyphenator>
void print_warnings(const char* name, const Hyphenator& loaded) {
  for (const auto& warning : loaded.warnings()) std::fprintf(stderr, "%s: warning: %s\n", name, warning.message.c_str());
}

/// Writes `bytes` to standard output; throws std::runtime_error("standard output: <reason>")
/// if they do not all go (a full disk, a closed descriptor), while errno still says why.
inline void write_stdout(std::string_view bytes) {
  if (std::fwrite(bytes.data(), 1, bytes.size(), stdout) != bytes.size())
    throw std::runtime_error(std::string("standard output: ") + std::strerror(errno));
}

/// Flushes standard output and throws as write_stdout() does if anything written to it was
/// lost: a tool whose output did not arrive must not exit 0. (A failed fflush() drops what was
/// buffered and the next one succeeds; the error indicator is what remembers.) With
/// `reader_may_leave`, a reader that went away (EPIPE: `--help | head -1`) ends the program
/// quietly, as SIGPIPE does (die_of_sigpipe), still not with success.
inline void finish_stdout(bool reader_may_leave = false) {
  if (std::fflush(stdout) != 0) {
    const int error = errno;
    if (reader_may_leave && error == EPIPE) die_of_sigpipe();
    throw std::runtime_error(std::string("standard output: ") + std::strerror(error));
  }
  if (std::ferror(stdout)) throw std::runtime_error("standard output: write error");
}

/// Answers --help (the options) or --version ("NAME (libhyph) VERSION", then the lines of
/// `more`) on standard output; returns whether it did, and the tool is done.
inline bool answered_help_or_version(const char* name, const char* version, const boost::program_options::variables_map& vm,
                                     const boost::program_options::options_description& options,
                                     const std::string& more = {}) {
  if (vm.count("help")) {
    std::cout << options << "\n";
  } else if (vm.count("version")) {
    std::cout << name << " (libhyph) " << version << "\n";
    if (!more.empty()) std::cout << more << "\n";
  } else {
    return false;
  }
  std::cout.flush();  // (std::cout writes through stdout's buffer: finish_stdout sees a failure)
  finish_stdout(true);
  return true;
}

/// Returns run(argc, argv), or reports what it threw on stderr as "NAME: message" (followed
/// by "Try 'NAME --help'." for Usage) and returns 2 for Usage, 1 for anything else.
template <class Run>
int run_main(const char* name, Run run, int argc, char** argv) {
  try {
    return run(argc, argv);
  } catch (const Usage& e) {
    std::fprintf(stderr, "%s: %s\nTry '%s --help'.\n", name, e.what(), name);
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "%s: %s\n", name, e.what());
    return 1;
  }
}

}  // namespace cli
