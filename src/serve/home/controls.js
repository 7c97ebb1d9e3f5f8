/*
 * The form, generated from the image route's OpenAPI parameters: enum -> a select, minimum
 * and maximum -> a slider with a number field, default -> the initial value, description
 * -> the help text. Each control is { node, input, get(), set(value), d }.
 */

export const byId = (id) => document.getElementById(id)
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag)
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : v)
  node.append(...children.filter((c) => c !== null && c !== undefined))
  return node
}

// ---- parameters, as the OpenAPI document describes them

/** The facts a control needs, from a parameter's schema (plain, or a union of alternatives). */
export function describe(param) {
  const s = param.schema || {}
  const parts = [s, ...(s.anyOf || s.oneOf || [])]
  const enums = parts.flatMap((p) => p.enum || (p.const !== undefined ? [p.const] : [])).map(String)
  const bounded = parts.find((p) => typeof p.minimum === 'number' && typeof p.maximum === 'number')
  const withDefault = parts.find((p) => p.default !== undefined)
  return {
    name: param.name,
    help: param.description || s.description || '',
    enum: [...new Set(enums)],
    min: bounded?.minimum,
    max: bounded?.maximum,
    step: bounded?.multipleOf || (parts.some((p) => p.type === 'integer') ? 1 : undefined),
    default: withDefault ? String(withDefault.default) : '',
    examples: s.examples || [],
  }
}

// ---- controls: each returns { node, input, get(), set(value) }

function field(d, control, input) {
  const help = d.help ? h('small', { id: `p-${d.name}-help` }, d.help) : null
  if (help) input.setAttribute('aria-describedby', help.id)
  return h(
    'div',
    { class: 'field', 'data-param': d.name },
    h('label', { for: input.id }, h('code', {}, d.name)),
    control,
    help,
  )
}

export function textControl(d, attrs = {}) {
  const input = h('input', {
    id: `p-${d.name}`,
    type: 'text',
    autocomplete: 'off',
    spellcheck: 'false',
    placeholder: d.default || d.examples[0] || '',
    ...attrs,
  })
  return {
    node: field(d, input, input),
    input,
    get: () => input.value.trim(),
    set: (v) => (input.value = v),
  }
}

export function selectControl(d, options) {
  const select = h('select', { id: `p-${d.name}` })
  const fill = (choices) => {
    const keep = select.value
    // the default stays choosable even where it does not apply (the server then falls back, and says so)
    const list = !d.default
      ? [['', '(not set)'], ...choices]
      : choices.some(([v]) => v === d.default)
        ? choices
        : [[d.default, d.default], ...choices]
    select.replaceChildren(
      ...list.map(([value, label]) =>
        h('option', { value }, value === d.default && value ? `${label} (default)` : label),
      ),
    )
    select.value = list.some(([v]) => v === keep) ? keep : d.default
  }
  fill(options)
  return {
    node: field(d, select, select),
    input: select,
    get: () => select.value,
    set: (v) => (select.value = v),
    fill,
  }
}

export function rangeControl(d) {
  const step = d.step || 10 ** Math.floor(Math.log10((d.max - d.min) / 50))
  const attrs = { min: d.min, max: d.max, step }
  const range = h('input', { id: `p-${d.name}`, type: 'range', ...attrs })
  const number = h('input', {
    id: `p-${d.name}-value`,
    type: 'number',
    ...attrs,
    step: 'any',
    placeholder: d.default || 'not set',
    'aria-label': `${d.name} value`,
  })
  const clamped = (v) => Math.min(d.max, Math.max(d.min, v))
  range.value = d.default || clamped(0)
  number.value = d.default
  range.addEventListener('input', () => (number.value = range.value))
  number.addEventListener('input', () => number.value !== '' && (range.value = number.value))
  const set = (v) => {
    number.value = v
    range.value = v === '' ? d.default || clamped(0) : v
  }
  return {
    node: field(d, h('div', { class: 'range' }, range, number), range),
    input: range,
    get: () => number.value.trim(),
    set,
  }
}

export function pickerControl(d, items, describeItem) {
  const list = h(
    'datalist',
    { id: `p-${d.name}-list` },
    ...items.map((i) => h('option', { value: i.slug, label: describeItem(i) })),
  )
  const c = textControl(d, { list: list.id, placeholder: 'type a name, a code or a slug' })
  c.node.append(list)
  return c
}

export function colourControl(d) {
  const c = textControl(d, { placeholder: 'e.g. 87ceeb, or 87ceeb80 with alpha' })
  const swatch = h('input', {
    type: 'color',
    id: `p-${d.name}-swatch`,
    'aria-label': `${d.name} colour picker`,
    value: '#ffffff',
  })
  swatch.addEventListener('input', () => {
    c.input.value = swatch.value.slice(1)
    c.input.dispatchEvent(new Event('input', { bubbles: true }))
  })
  c.input.after(swatch)
  return c
}

/** backgroundGradient=linear:<deg>:<hex>-<offset>,... edited as an angle and a list of stops. */
export function gradientControl(d) {
  const text = textControl(d, { placeholder: 'linear:180:87ceeb-0,ffffff-1' })
  const angle = h('input', {
    type: 'number',
    id: `p-${d.name}-angle`,
    min: 0,
    max: 360,
    step: 15,
    value: 180,
    'aria-label': 'gradient angle, degrees',
  })
  const stops = h('ol', { class: 'stops' })
  const addStop = (colour, offset) => {
    const n = stops.children.length + 1
    const c = h('input', { type: 'color', value: colour, 'aria-label': `stop ${n} colour` })
    const o = h('input', {
      type: 'number',
      min: 0,
      max: 1,
      step: 0.05,
      value: offset,
      'aria-label': `stop ${n} offset, 0 to 1`,
    })
    const remove = h('button', { type: 'button', 'aria-label': `remove stop ${n}` }, '×')
    const li = h('li', {}, c, o, remove)
    remove.addEventListener('click', () => {
      if (stops.children.length > 2) li.remove()
      compose()
    })
    stops.append(li)
  }
  const compose = () => {
    const parts = [...stops.children].map((li) => {
      const [c, o] = li.querySelectorAll('input')
      return `${c.value.slice(1)}-${Number(o.value) || 0}`
    })
    text.input.value = `linear:${Number(angle.value) || 0}:${parts.join(',')}`
    text.input.dispatchEvent(new Event('input', { bubbles: true }))
  }
  addStop('#87ceeb', 0)
  addStop('#ffffff', 1)
  const add = h('button', { type: 'button' }, 'Add stop')
  add.addEventListener('click', () => {
    addStop('#1b2430', 1)
    compose()
  })
  const apply = h('button', { type: 'button' }, 'Use this gradient')
  apply.addEventListener('click', compose)
  const editor = h(
    'fieldset',
    { class: 'gradient' },
    h('legend', {}, 'Gradient editor'),
    h('label', {}, 'angle ', angle),
    stops,
    add,
    apply,
  )
  editor.addEventListener('input', (e) => e.target !== text.input && compose())
  text.node.append(editor)
  return text
}

// ---- the form: the parameters in groups, each with its control

// not form fields: the key has its own field (never a URL), JSON is always shown, verticalAlign is align's alias
const HIDDEN = new Set(['api-key', 'format', 'verticalAlign'])
const GROUPS = [
  ['Aircraft', ['plane', 'airline', 'liveryType']],
  ['View', ['angle', 'gear', 'pitch']],
  ['Size and file type', ['resolution', 'width', 'filetype']],
  ['Framing', ['zoomType', 'zoomLevel', 'marginPercent', 'align']],
  ['Scale', ['scale', 'referencePlane']],
  ['Background', ['background', 'backgroundGradient']],
]

function controlFor(d, catalog) {
  const describePlane = (p) => `${p.name} (${p.iata}/${p.icao})`
  if (d.name === 'plane') return pickerControl(d, catalog.planes, describePlane)
  if (d.name === 'airline')
    return pickerControl(d, catalog.airlines, (a) => `${a.name} (${a.iata}/${a.icao})`)
  if (d.name === 'liveryType')
    return selectControl(d, [
      ['base', 'base'],
      ['blank', 'blank'],
    ])
  if (d.name === 'referencePlane')
    return selectControl(
      d,
      catalog.planes.map((p) => [p.slug, p.name]),
    )
  if (d.name === 'background') return colourControl(d)
  if (d.name === 'backgroundGradient') return gradientControl(d)
  if (d.min !== undefined) return rangeControl(d)
  if (d.enum.length)
    return selectControl(
      d,
      d.enum.map((v) => [v, v]),
    )
  return textControl(d)
}

/** Fills #params; returns the fields by name and their names in the schema's order (the URL's). */
export function buildForm(params, catalog, { changed, reset }) {
  const described = params.filter((p) => p.in === 'query' && !HIDDEN.has(p.name)).map(describe)
  const order = described.map((d) => d.name)
  const fields = new Map()
  const grouped = new Set(GROUPS.flatMap(([, names]) => names))
  const groups = [...GROUPS, ['More parameters', order.filter((n) => !grouped.has(n))]]
  const form = byId('params')
  form.replaceChildren()
  for (const [title, names] of groups) {
    const present = names.map((n) => described.find((d) => d.name === n)).filter(Boolean)
    if (!present.length) continue
    const set = h('fieldset', {}, h('legend', {}, title))
    for (const d of present) {
      const c = controlFor(d, catalog)
      fields.set(d.name, { ...c, d })
      set.append(c.node)
    }
    form.append(set)
  }
  const resetButton = h('button', { type: 'button', id: 'reset' }, 'Reset all')
  resetButton.addEventListener('click', () => {
    reset()
    changed()
  })
  form.append(resetButton)
  form.addEventListener('input', changed)
  form.addEventListener('change', changed)
  form.addEventListener('submit', (e) => e.preventDefault())
  return { fields, order }
}
