// Scenes: placeholder until its issue lands.
