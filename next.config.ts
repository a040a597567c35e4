import type { NextConfig } from 'next'

const nextConfig: NextConfig = {
  // Helpers and CI may build side by side; each can name its own output folder.
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  serverExternalPackages: ['better-sqlite3'],
  poweredByHeader: false,
  typedRoutes: false,
}

export default nextConfig
