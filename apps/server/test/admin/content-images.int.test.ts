import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAsNewOperator, type AuthHeaders } from '../helpers/admin.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { makePng, sendBytes } from '../cashier/helpers.ts';

/** Issue 16 item 7: banner images uploaded from the console and served to every visitor. */
let t: TestApp;
let content: AuthHeaders;
let support: AuthHeaders;

beforeAll(async () => {
  t = await startTestApp();
  content = await loginAsNewOperator(t, 'content', 'content_images_op');
  support = await loginAsNewOperator(t, 'support', 'content_images_support');
});
afterAll(() => t.close());

const imageCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('content_images')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('content images', () => {
  it('stores an uploaded png once and serves it at its address; a banner can use it at once', async () => {
    const png = makePng(6, 3);
    const first = await sendBytes(t, '/admin/content-images', png, 'image/png', content);
    expect(first.status).toBe(200);
    const image = first.body.value as { id: number; url: string; contentType: string; size: number };
    expect(image).toMatchObject({ contentType: 'image/png', size: png.length });
    expect(image.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
    const again = await sendBytes(t, '/admin/content-images', png, 'image/png', content);
    expect((again.body.value as { id: number }).id).toBe(image.id);

    const served = await fetch(new URL(image.url, t.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    expect((await fetch(new URL(image.url.replace('.png', '.jpg'), t.baseUrl))).status).toBe(404);

    const banner = await t.request<{ id: number; url: string }>(
      'POST',
      '/admin/banners',
      { groupName: 'w_home', title: { bn: 'ছবি', en: 'Uploaded' }, url: image.url },
      { headers: content },
    );
    expect(banner.status).toBe(200);
    expect(banner.body.value.url).toBe(image.url);
  });

  it('refuses what is not a png or jpg, or is too large, and stores nothing', async () => {
    const before = await imageCount();
    const text = await sendBytes(
      t,
      '/admin/content-images',
      Buffer.from('<svg onload=alert(1)>'),
      'image/png',
      content,
    );
    expect(text.status).toBe(415);
    expect(text.body.code).toBe('upload.not_image');
    const huge = await sendBytes(t, '/admin/content-images', makePng(4, 4, 5 * 1024 * 1024), 'image/png', content);
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('upload.limit_exceeded');
    expect(await imageCount()).toBe(before);
  });

  it('is refused to a role that does not edit banners', async () => {
    const res = await sendBytes(t, '/admin/content-images', makePng(), 'image/png', support);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('auth.forbidden');
  });
});
