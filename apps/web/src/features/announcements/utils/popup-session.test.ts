// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { currentPopupContext, markPopupsClosed } from './popup-session.ts';

afterEach(() => sessionStorage.clear());

describe('popup session flags', () => {
  it('reads a visitor with nothing closed', () => {
    expect(currentPopupContext()).toEqual({ audience: 'visitor', loggedIn: false, firstLogin: false, closed: false });
  });

  it('reads a member on first login from the token and firstTimeLogin', () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('firstTimeLogin', '1');
    expect(currentPopupContext()).toMatchObject({
      audience: 'member',
      loggedIn: true,
      firstLogin: true,
      closed: false,
    });
  });

  it('closing as a visitor does not hide the member popups after login', () => {
    markPopupsClosed('visitor');
    expect(currentPopupContext().closed).toBe(true);
    sessionStorage.setItem('token', 't');
    expect(currentPopupContext().closed).toBe(false);
    markPopupsClosed('member');
    expect(currentPopupContext().closed).toBe(true);
  });
});
