// The environment `npm start` runs the server with (package.json "start" sets it on the command
// line: glibc reads it when the process starts, so the process cannot set it for itself), and
// the benchmarks start their server with it too (scripts/bench/lib.mjs), so they measure what
// npm start runs. scripts/runtime-env.test.ts checks that the two agree.
//
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own malloc arena, and Node's
// threads (the libuv pool compressing pages, V8's GC and compiler helpers) each kept one with
// memory freed but not returned. Two arenas held the server's RSS after a load run at 165-180
// MB instead of 190-225 MB (scripts/bench/runtime.mjs), at no measurable cost in requests/s.
// Other C libraries ignore it.
export const SERVER_ENV = Object.freeze({ MALLOC_ARENA_MAX: '2' });
