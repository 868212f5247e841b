import { describe, expect, it } from 'vitest';
import { Emitter } from '../../src/main/common/emitter';

describe('Emitter', () => {
  it('fires to every listener in order, and an unsubscribed one hears nothing more', () => {
    const emitter = new Emitter<number>();
    const heard: string[] = [];
    const offA = emitter.event((n) => heard.push(`a${n}`));
    emitter.event((n) => heard.push(`b${n}`));
    emitter.fire(1);
    offA();
    offA(); // twice: nothing more happens
    emitter.fire(2);
    expect(heard).toEqual(['a1', 'b1', 'b2']);
    expect(emitter.size).toBe(1);
  });

  it('a listener that throws does not stop the others; the first error reaches whoever fired', () => {
    const emitter = new Emitter<string>();
    const heard: string[] = [];
    emitter.event(() => {
      throw new Error('first');
    });
    emitter.event(() => {
      throw new Error('second');
    });
    emitter.event((v) => heard.push(v));
    expect(() => emitter.fire('x')).toThrow('first');
    expect(heard).toEqual(['x']);
  });

  it('hands errors to onError when given, and fires on', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<string>((error) => errors.push(error));
    emitter.event(() => {
      throw new Error('oops');
    });
    expect(() => emitter.fire('x')).not.toThrow();
    expect(errors).toHaveLength(1);
  });

  it('the same function subscribed twice is two subscriptions, each undone on its own', () => {
    const emitter = new Emitter<void>();
    let calls = 0;
    const listener = () => void calls++;
    const off1 = emitter.event(listener);
    emitter.event(listener);
    off1();
    emitter.fire();
    expect(calls).toBe(1);
  });

  it('once disposed, drops every listener and refuses new ones', () => {
    const emitter = new Emitter<number>();
    let calls = 0;
    emitter.event(() => void calls++);
    emitter.dispose();
    emitter.event(() => void calls++);
    emitter.fire(1);
    expect(calls).toBe(0);
    expect(emitter.size).toBe(0);
  });
});
