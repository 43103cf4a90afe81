"""Use cases. Each public function here is one transaction: it reads the store, calls the
engine and the renderer, and queues mail. The only layer that talks to all of them."""
