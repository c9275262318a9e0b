// Animation: placeholder until its issue lands.
