// TerminalUI: placeholder until its issue lands.
