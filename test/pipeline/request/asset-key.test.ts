import { describe, expect, test } from 'bun:test'
import { assetKey, keyNumber } from '../../../src/pipeline/request/asset-key'

describe('asset keys', () => {
  test('write numbers with two decimals and p for the point', () => {
    expect(keyNumber(1)).toBe('1p00')
    expect(keyNumber(0.5)).toBe('0p50')
    expect(keyNumber(12.25)).toBe('12p25')
  })
  test('follow the spec shape', () => {
    const key = assetKey(
      {
        plane: 'airbus-a320-200',
        airline: 'lufthansa',
        liveryType: 'base',
        angle: '345',
        gear: 'down',
      },
      { width: 1280, zoomType: 'contain', zoomLevel: 1, marginPercent: 8 },
      'webp',
    )
    expect(key).toBe(
      'liveries/airbus-a320-200/lufthansa/base/345/down/w-1280_z-contain-1p00_m-8p00.webp',
    )
  })
  test('use none as the airline segment of a blank asset', () => {
    const key = assetKey(
      { plane: 'boeing-787-9', airline: 'klm', liveryType: 'blank', angle: 'top', gear: 'up' },
      { width: 1280, zoomType: 'contain', zoomLevel: 1, marginPercent: 8 },
      'png',
    )
    expect(key).toStartWith('liveries/boeing-787-9/none/blank/top/up/')
  })
})
