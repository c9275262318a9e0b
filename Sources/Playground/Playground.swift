// Playground: placeholder until its issue lands.
