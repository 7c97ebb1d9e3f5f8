/** The routes a person or a client can discover from `GET /`. */
export interface RouteInfo {
  path: string
  keyed: boolean
  description: string
  example: string
}

export const ROUTES: RouteInfo[] = [
  {
    path: '/v1/images/plane',
    keyed: false,
    description:
      'An aircraft image (watermarked without a key), or its JSON description with format=json',
    example: '/v1/images/plane?plane=airbus-a350-900&airline=lufthansa&angle=345',
  },
  { path: '/v1/health', keyed: false, description: 'Service health', example: '/v1/health' },
  {
    path: '/v1/catalog/planes',
    keyed: true,
    description: 'The 31 aircraft models',
    example: '/v1/catalog/planes?limit=200',
  },
  {
    path: '/v1/catalog/airlines',
    keyed: true,
    description: 'Airlines, optionally those operating a model',
    example: '/v1/catalog/airlines?plane=a380',
  },
  {
    path: '/v1/catalog/liveries',
    keyed: true,
    description: 'Livery types for a (plane, airline) pair',
    example: '/v1/catalog/liveries?plane=747-8&airline=lufthansa',
  },
  {
    path: '/v1/info/planes/{slug}',
    keyed: true,
    description: 'A model with its real dimensions',
    example: '/v1/info/planes/boeing-787-9',
  },
  {
    path: '/v1/info/airlines/{slug}',
    keyed: true,
    description: 'An airline with its fleet and liveries',
    example: '/v1/info/airlines/klm',
  },
  {
    path: '/v1/resolve',
    keyed: true,
    description: 'Resolve user input to a plane or airline',
    example: '/v1/resolve?kind=plane&method=raw&value=boing%20787-9',
  },
  {
    path: '/openapi.json',
    keyed: false,
    description: 'OpenAPI document',
    example: '/openapi.json',
  },
  { path: '/docs', keyed: false, description: 'API reference (works offline)', example: '/docs' },
]
