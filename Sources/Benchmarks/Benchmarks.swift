// Benchmarks: placeholder until its issue lands.
