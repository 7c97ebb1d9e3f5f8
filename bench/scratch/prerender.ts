import { renderPrerendered } from '../../src/pipeline/assets'
import { defaultRenderer } from '../../src/pipeline/renderer'
import { composeRequest } from '../lib/compose-requests'
import { encodePngDetailed } from '../../src/encode/png'
for (const q of [{ plane: 'boeing-787-9', airline: 'klm', angle: '315' }, { plane: 'airbus-a380-800', airline: 'emirates', angle: '045' }]) {
  const r = composeRequest({ ...q, resolution: 'card' })
  const c = renderPrerendered(defaultRenderer, r.decision)
  let t = performance.now(); const s = await c.encode('png'); const ts = performance.now() - t
  t = performance.now(); const e = await encodePngDetailed(c); const te = performance.now() - t
  console.log(q.plane, 'skia', ts.toFixed(0), 'ms', (s.length/1024).toFixed(0), 'KB; encodePng', te.toFixed(0), 'ms', (e.bytes.length/1024).toFixed(0), 'KB', e.mode)
  await Bun.write(`bench/out/encode/prerender-${q.plane}.png`, e.bytes)
}
