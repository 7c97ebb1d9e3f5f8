/**
 * The calibration table of fuzzy resolution: real typos and variants that must resolve (and to
 * what), and names that must not resolve to anything: random words, and airlines and aircraft
 * that are not in the catalog (some deliberately close to ones that are).
 */
export const MUST_MATCH: { kind: 'plane' | 'airline'; value: string; slug: string }[] = [
  ...(
    [
      ['Airbsu A380', 'airbus-a380-800'],
      ['boing 787-9', 'boeing-787-9'],
      ['Airbus A35O-900', 'airbus-a350-900'],
      ['boeng 777-300ER', 'boeing-777-300er'],
      ['airbus a35-900', 'airbus-a350-900'],
      ['Aribus A321 neo', 'airbus-a321-neo'],
      ['boieng 747-8', 'boeing-747-8i'],
      ['Boeing 737-80', 'boeing-737-800'],
      ['Airbas A330-300', 'airbus-a330-300'],
      ['Beoing 737 MAX 8', 'boeing-737-max-8'],
      ['A32O', 'airbus-a320-200'],
      ['Airbus A220-10', 'airbus-a220-100'],
      ['Boieng 767-300ER', 'boeing-767-300er'],
      ['Airbus A340-60', 'airbus-a340-600'],
      ['Bowing 757-200', 'boeing-757-200'],
      ['Boeing 777-9X', 'boeing-777-9'],
      ['Boeng 787-10', 'boeing-787-10'],
      ['Airbus A320neoo', 'airbus-a320-neo'],
      ['Airbsu A330-900', 'airbus-a330-900'],
      ['Boeing 737-90ER', 'boeing-737-900er'],
      ['Boeng 747-400', 'boeing-747-400'],
      ['Boing 737 MAX 9', 'boeing-737-max-9'],
      ['Boeing 777-200E', 'boeing-777-200er'],
      ['Airbus A33O-200', 'airbus-a330-200'],
      ['Airbus 380', 'airbus-a380-800'],
      ['Dreamlner', 'boeing-787-9'],
      ['Airbus A-380', 'airbus-a380-800'],
      ['Airbus A319 neo', 'airbus-a319-neo'],
      ['Boeing 737 MAX9', 'boeing-737-max-8'.replace('8', '9')],
      ['Airbus A350-1000', 'airbus-a350-1000'],
    ] as const
  ).map(([value, slug]) => ({ kind: 'plane' as const, value, slug })),
  ...(
    [
      ['lufthnasa', 'lufthansa'],
      ['emirtaes', 'emirates'],
      ['qantsa', 'qantas'],
      ['singapor airlines', 'singapore-airlines'],
      ['air frnace', 'air-france'],
      ['brtish airways', 'british-airways'],
      ['Emirates Airline', 'emirates'],
      ['Qatar Airway', 'qatar-airways'],
      ['Ethiopain Airlines', 'ethiopian-airlines'],
      ['Turksih Airlines', 'turkish-airlines'],
      ['Cathay Pacfic', 'cathay-pacific'],
      ['Air Canda', 'air-canada'],
      ['Aer Lingis', 'aer-lingus'],
      ['Ryan Air', 'ryanair'],
      ['Ryanar', 'ryanair'],
      ['Kenya Airlines', 'kenya-airways'],
      ['Aeromexico', 'aeromexico'],
      ['Aerolineas Argentinas', 'aerolineas-argentinas'],
      ['Virgin Atlantik', 'virgin-atlantic'],
      ['Southwest Airline', 'southwest-airlines'],
      ['Amercian Airlines', 'american-airlines'],
    ] as const
  ).map(([value, slug]) => ({ kind: 'airline' as const, value, slug })),
]

/** each must resolve neither as an airline nor as a plane */
export const MUST_NOT_MATCH: string[] = [
  // random words
  'nosuchairline', 'nosuchplane', 'zzqx', 'banana', 'keyboard', 'elephant', 'sunshine', 'mountain', 'qwerty',
  'hello world', 'random', 'airplane', 'airport', 'pilot', 'ticket', 'luggage', 'holiday', 'cheap flights',
  'london', 'paris', 'tokyo', 'germany', 'foobar', 'asdf', 'lorem ipsum', 'coffee', 'galaxy', 'window',
  'cloud', 'flying', 'wings', 'turbine', 'cockpit', 'runway', 'captain', 'xyzzy', 'default', 'unknown',
  'gold', 'canvas', 'route 66', '12345', '7x7',
  // other airlines, several a letter or a word away from one in the catalog
  'China Airlines', 'Air Asia', 'Oman Air', 'Kuwait Airways', 'Gulf Air', 'Air Serbia', 'Air Baltic', 'Air Berlin',
  'Air Malta', 'Air Europa', 'Air Transat', 'Air Mauritania', 'Air Namibia', 'Air India Express', 'Jet Airways',
  'Thai Smile', 'Thai Lion Air', 'Aeroflot', 'Alitalia', 'Iberia Express', 'Lufthansa Cityline', 'United Express',
  'American Eagle', 'Delta Connection', 'Virgin America', 'Virgin Blue', 'Cathay Dragon', 'Air France KLM',
  'Spirit Airlines', 'Frontier Airlines', 'Hawaiian Airlines', 'Cebu Pacific', 'Scoot', 'Flydubai', 'Eurowings',
  'Pegasus Airlines', 'Icelandair', 'Condor',
  // other aircraft, several a digit away from one in the catalog
  'Boeing 727', 'Boeing 717', 'Boeing 707', 'Airbus A300', 'Airbus A310', 'Airbus A318', 'Airbus A330-800',
  'Airbus A350-800', 'Boeing 737-600', 'Boeing 737-500', 'Boeing 737 MAX 10', 'Boeing 747-200', 'Boeing 767-400ER',
  'Boeing 777-8', 'Boeing 787-3', 'Boeing 757-300', 'Airbus A321XLR', 'Airbus A340-500', 'McDonnell Douglas MD-11',
  'DC-10', 'Concorde', 'Embraer E190', 'Bombardier CRJ900', 'ATR 72-600', 'Dash 8 Q400', 'Comac C919',
  'Sukhoi Superjet 100', 'Tupolev Tu-154', 'Antonov An-225', 'Airbus A400M', 'Cessna 172', 'Gulfstream G650',
]
