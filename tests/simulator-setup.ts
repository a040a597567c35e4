// Vitest setup (every worker): the engine's simulator gets the app's migrations and scenarios.
import '@/lib/simulator'
