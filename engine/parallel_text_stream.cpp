// ParallelTextStream: TextStream's output from several threads. Tokens never span white
// space, so a text cut just after a separator byte gives, chunk by chunk, exactly the output
// of the whole: each chunk goes through its own TextStream on a worker, and the chunks'
// outputs are passed on in input order.
#include <hyph/text_stream.h>

#include "engine/separators.h"

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace hyph {
namespace {

struct Job {
  std::string input;
  std::string output;
  LookupCounters counters;
  std::exception_ptr error;
  bool started = false;
  bool done = false;
};

void add(LookupCounters& into, const LookupCounters& from) {
  into.queries += from.queries;
  into.filter_positives += from.filter_positives;
  into.store_probes += from.store_probes;
  into.hits += from.hits;
}

// The last separator in s, or npos.
std::size_t last_separator(std::string_view s) {
  for (std::size_t k = s.size(); k-- > 0;)
    if (is_word_separator(static_cast<unsigned char>(s[k]))) return k;
  return std::string_view::npos;
}

}  // namespace

struct ParallelTextStream::State {
  State(Hyphenator h, std::string m, TextStream::Sink s, ParallelOptions o)
      : hyphenator(std::move(h)), marker(std::move(m)), sink(std::move(s)), options(o) {
    if (options.threads == 0) options.threads = std::max(1u, std::thread::hardware_concurrency());
    if (options.chunk_size == 0) options.chunk_size = 1;
  }
  ~State() { stop(); }

  Hyphenator hyphenator;
  std::string marker;
  TextStream::Sink sink;
  ParallelOptions options;
  LookupCounters counters;

  std::string pending;                     // input not yet given to a job
  // Main thread only: the input and output buffers of delivered jobs, kept for the next jobs
  // (a fresh megabyte costs its page faults again; two a job in flight at most).
  std::vector<std::string> spare;
  std::unique_ptr<TextStream> long_token;  // a token longer than a chunk, streamed in order

  // Shared with the workers: the jobs in input order, under `mutex`.
  std::mutex mutex;
  std::condition_variable work;      // a job to start, or stopping
  std::condition_variable finished;  // a job is done
  std::deque<std::unique_ptr<Job>> jobs;
  bool stopping = false;
  std::vector<std::thread> workers;

  static void hyphenate(const Hyphenator& h, const std::string& marker, Job& job) {
    try {
      TextStream stream(h, marker, [&job](std::string_view bytes) { job.output.append(bytes); });
      stream.write(job.input);
      stream.finish();
      job.counters = stream.counters();
    } catch (...) {
      job.error = std::current_exception();
    }
  }

  void work_loop() {
    std::unique_lock lock(mutex);
    for (;;) {
      Job* job = nullptr;
      work.wait(lock, [&] {
        if (stopping) return true;
        for (auto& j : jobs)
          if (!j->started) return (job = j.get()) != nullptr;
        return false;
      });
      if (stopping) return;
      job->started = true;
      lock.unlock();
      hyphenate(hyphenator, marker, *job);
      lock.lock();
      job->done = true;
      finished.notify_all();
    }
  }

  void stop() {
    {
      std::lock_guard lock(mutex);
      stopping = true;
    }
    work.notify_all();
    for (auto& w : workers) w.join();
    workers.clear();
  }

  // Passes the oldest job's output on, waiting for it if `wait`; false if it was not done.
  bool deliver_front(bool wait) {
    std::unique_ptr<Job> job;
    {
      std::unique_lock lock(mutex);
      if (jobs.empty()) return false;
      if (wait) finished.wait(lock, [&] { return jobs.front()->done; });
      if (!jobs.front()->done) return false;
      job = std::move(jobs.front());
      jobs.pop_front();
    }
    if (job->error) std::rethrow_exception(job->error);
    add(counters, job->counters);
    if (!job->output.empty()) sink(job->output);
    give_back(std::move(job->input));
    give_back(std::move(job->output));
    return true;
  }

  std::string take_spare() {
    if (spare.empty()) return {};
    std::string s = std::move(spare.back());
    spare.pop_back();
    s.clear();
    return s;
  }
  void give_back(std::string s) {
    if (s.capacity() != 0 && spare.size() < 4 * std::size_t{options.threads} + 2) spare.push_back(std::move(s));
  }

  void deliver_all() {
    while (deliver_front(true)) {
    }
  }

  void submit(std::string input) {
    if (workers.empty()) {
      workers.reserve(options.threads);
      for (unsigned t = 0; t < options.threads; ++t) workers.emplace_back([this] { work_loop(); });
    }
    while (deliver_front(false)) {
    }
    // At most two jobs a worker in memory: one being hyphenated, one waiting.
    while (jobs.size() >= 2 * std::size_t{options.threads}) deliver_front(true);
    auto job = std::make_unique<Job>();
    job->input = std::move(input);
    // Room for the output up front: the marker makes it somewhat longer than the input.
    job->output = take_spare();
    job->output.reserve(job->input.size() + job->input.size() / 4);
    {
      std::lock_guard lock(mutex);
      jobs.push_back(std::move(job));
    }
    work.notify_one();
  }

  // A token longer than a chunk: everything before it is passed on first, then it streams
  // through one TextStream until white space ends it.
  void stream_long_token(std::string_view bytes) {
    if (!long_token) {
      deliver_all();
      long_token = std::make_unique<TextStream>(hyphenator, marker, sink);
    }
    long_token->write(bytes);
  }

  void end_long_token() {
    long_token->finish();
    add(counters, long_token->counters());
    long_token.reset();
  }

  void write(std::string_view bytes) {
    while (!bytes.empty()) {
      if (long_token) {
        // Up to and including the white space that ends the token.
        const char* sep = detail::next_separator(bytes.data(), bytes.data() + bytes.size());
        if (sep == bytes.data() + bytes.size()) {
          long_token->write(bytes);
          return;
        }
        const auto through = static_cast<std::size_t>(sep - bytes.data()) + 1;
        long_token->write(bytes.substr(0, through));
        end_long_token();
        bytes.remove_prefix(through);
        continue;
      }
      const std::size_t take = std::min(bytes.size(), options.chunk_size - std::min(options.chunk_size, pending.size()));
      pending.append(bytes.substr(0, take));
      bytes.remove_prefix(take);
      if (pending.size() < options.chunk_size) continue;
      const std::size_t cut = last_separator(pending);
      if (cut == std::string_view::npos) {
        stream_long_token(pending);
        pending.clear();
        continue;
      }
      std::string next = take_spare();
      next.reserve(options.chunk_size);
      next.append(pending, cut + 1);
      pending.resize(cut + 1);
      submit(std::move(pending));
      pending = std::move(next);
    }
  }

  void finish() {
    if (long_token) end_long_token();
    if (workers.empty() && jobs.empty()) {
      // One chunk or less: no thread for it.
      Job job;
      job.input = std::move(pending);
      hyphenate(hyphenator, marker, job);
      if (job.error) std::rethrow_exception(job.error);
      add(counters, job.counters);
      if (!job.output.empty()) sink(job.output);
    } else {
      if (!pending.empty()) submit(std::move(pending));
      deliver_all();
    }
    pending.clear();
  }
};

ParallelTextStream::ParallelTextStream(Hyphenator hyphenator, std::string marker, TextStream::Sink sink, ParallelOptions options)
    : state_(std::make_unique<State>(std::move(hyphenator), std::move(marker), std::move(sink), options)) {}
ParallelTextStream::~ParallelTextStream() = default;

void ParallelTextStream::write(std::string_view bytes) { state_->write(bytes); }
void ParallelTextStream::finish() { state_->finish(); }
const LookupCounters& ParallelTextStream::counters() const noexcept { return state_->counters; }

void hyphenate_parallel(const Hyphenator& hyphenator, std::string_view text, std::string_view marker,
                        const TextStream::Sink& sink, ParallelOptions options) {
  ParallelTextStream stream(hyphenator, std::string(marker), sink, options);
  stream.write(text);
  stream.finish();
}

}  // namespace hyph
