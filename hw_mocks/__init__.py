"""Mock hardware for tests and the no-hardware demo, driving the same code paths real parts do."""
