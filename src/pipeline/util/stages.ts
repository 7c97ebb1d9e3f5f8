/**
 * How long each step of drawing takes, told to whoever listens (the serving layer's metrics):
 * the pipeline knows nothing of metrics, and the metrics are made after the pipeline, so the
 * listener is attached later and a step told before then is simply not counted.
 */
export type Stage = 'queue' | 'render' | 'encode' | 'compose'

export interface StageTimings {
  observe(stage: Stage, seconds: number): void
  listen(listener: (stage: Stage, seconds: number) => void): void
  /** runs `work`, telling its duration as `stage` */
  time<T>(stage: Stage, work: () => Promise<T>): Promise<T>
}

export function stageTimings(): StageTimings {
  let listener: ((stage: Stage, seconds: number) => void) | null = null
  const observe = (stage: Stage, seconds: number) => listener?.(stage, seconds)
  return {
    observe,
    listen: (l) => void (listener = l),
    async time(stage, work) {
      const from = performance.now()
      try {
        return await work()
      } finally {
        observe(stage, (performance.now() - from) / 1000)
      }
    },
  }
}
