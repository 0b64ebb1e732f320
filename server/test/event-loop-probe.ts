/**
 * Test helper: how long the event loop was held. A timer fires every few milliseconds; between
 * two firings the loop ran whatever was queued, and this records the longest stretch, in wall
 * time and in this thread's own CPU time (process.threadCpuUsage: worker threads and other
 * processes not included). On a busy machine the wall time also counts the moments the system
 * gave the CPU to another process; the CPU time is what our code held the loop for.
 */
export interface EventLoopProbe {
  stop(): { longestCpuMs: number; longestWallMs: number; turns: number }
}

export function probeEventLoop(intervalMs = 5): EventLoopProbe {
  let longestCpuMs = 0
  let longestWallMs = 0
  let turns = 0
  let last = process.threadCpuUsage()
  let lastAt = performance.now()
  const sample = () => {
    const cpu = process.threadCpuUsage()
    const at = performance.now()
    longestCpuMs = Math.max(longestCpuMs, (cpu.user + cpu.system - last.user - last.system) / 1000)
    longestWallMs = Math.max(longestWallMs, at - lastAt)
    last = cpu
    lastAt = at
    turns++
  }
  const timer = setInterval(sample, intervalMs)
  return {
    stop() {
      clearInterval(timer)
      // The stretch since the last turn counts too: work that ends right before stop() (the
      // awaited call finishing) would otherwise never be seen by a timer.
      sample()
      return { longestCpuMs, longestWallMs, turns }
    },
  }
}
