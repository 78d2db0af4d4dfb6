// Placeholder until the shell lands.
print("usage: amigo-shell [DB]")
