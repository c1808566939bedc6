import { describe, expect, it } from 'vitest';
import { planTarget, programTarget, targetOfParams } from '../src/pages/publish/publish-targets';

describe('publish targets', () => {
  it('reads the target from the address: a plan before a program, nothing without a valid id', () => {
    expect(targetOfParams(new URLSearchParams('programId=12'))).toMatchObject({ kind: 'program', id: 12 });
    expect(targetOfParams(new URLSearchParams('planId=7&programId=12'))).toMatchObject({
      kind: 'plan',
      id: 7,
    });
    expect(targetOfParams(new URLSearchParams('planId=0'))).toBeNull();
    expect(targetOfParams(new URLSearchParams('planId=x'))).toBeNull();
    expect(targetOfParams(new URLSearchParams(''))).toBeNull();
  });

  it('gives each kind its permission, list and what it offers', () => {
    expect(programTarget(1)).toMatchObject({ permission: 'program:make:publish', windowed: true });
    expect(planTarget(1)).toMatchObject({
      permission: 'plan:list:publish',
      windowed: false,
      listPath: '/playPlan/list',
    });
    expect(typeof programTarget(1).retry).toBe('function');
    expect(planTarget(1).retry).toBeUndefined();
  });
});
