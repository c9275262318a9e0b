// Gestures: placeholder until its issue lands.
