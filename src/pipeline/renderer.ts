/** The pipeline's view of the renderer: pure functions, injected so tests can count calls. */
import { measure, render } from '../render'

export interface Renderer {
  render: typeof render
  measure: typeof measure
}

export const defaultRenderer: Renderer = { render, measure }
