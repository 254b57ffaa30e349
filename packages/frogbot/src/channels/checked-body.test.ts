import { describe, expect, it } from 'vitest'
import { type BodyRule, checkedBody } from './checked-body.ts'

const RULES: BodyRule[] = [
  [(body) => typeof body.type === 'string', 'the event has no type'],
  [(body) => body.id === undefined || typeof body.id === 'string', 'the event id must be a string']
]
const read = (body: string) => checkedBody(body, 'an event', RULES)

describe('checkedBody', () => {
  it('reads a body that keeps every rule as its JSON object, whatever its other fields', () => {
    expect(read('{"type":"ping","problem":"none"}')).toEqual({ value: { type: 'ping', problem: 'none' } })
  })

  it('says why a body is not JSON, not a JSON object (naming the payload), or breaks the first rule', () => {
    expect(read('{nope')).toEqual({ problem: 'Refused: the body is not JSON.' })
    expect(read('[1]')).toEqual({ problem: 'Refused: the body is not a JSON object (an event).' })
    expect(read('{"id":3}')).toEqual({ problem: 'Refused: the event has no type.' })
    expect(read('{"type":"ping","id":3}')).toEqual({ problem: 'Refused: the event id must be a string.' })
  })
})
