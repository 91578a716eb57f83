import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCategories, userPictures } from "../../db/schema";
import {
  createAccount,
  createTestApp,
  createUser,
  multipart,
  signIn,
  type TestContext,
  type TestUser,
} from "../../test/helper";

let t: TestContext;
const dataDir = mkdtempSync(path.join(tmpdir(), "portico-profile-"));
beforeAll(async () => {
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (CRC_TABLE[(c ^ byte) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A valid 1×1 RGBA PNG: signature, IHDR, IDAT, IEND. */
function tinyPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(6, 9); // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(Buffer.from([0, 0x2a, 0x6f, 0xc8, 0xff]))),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

type File = { name: string; filename: string; type: string; data: Buffer };

async function postProfile(authorization: string, fields: Record<string, string>, file?: File) {
  const body = await multipart(fields, file);
  return t.app.inject({
    method: "POST",
    url: "/api/chat/profile",
    payload: body.payload,
    headers: { ...body.headers, authorization },
  });
}
const get = (url: string, authorization?: string) =>
  t.app.inject({ method: "GET", url, ...(authorization ? { headers: { authorization } } : {}) });
const profileOf = async (authorization: string) => {
  const res = await get("/api/chat/profile", authorization);
  expect(res.statusCode).toBe(200);
  return res.json();
};
/** The thumbnail as a browser gets it: the checked call redirects to a signed link (no bearer needed there). */
const thumbnail = async (userId: number, authorization: string) => {
  const res = await get(`/api/chat/user/${userId}/thumbnail`, authorization);
  if (res.statusCode !== 302) return res;
  return get(String(res.headers.location));
};
const picturePart = (data: Buffer, filename = "me.png", type = "image/png"): File => ({
  name: "picture",
  filename,
  type,
  data,
});

async function signedIn(
  opts: Parameters<typeof createUser>[1] = {},
): Promise<TestUser & { authorization: string }> {
  const user = await createUser(t.db, opts);
  return { ...user, authorization: (await signIn(t.app, user)).authorization };
}

async function newCategory() {
  const [category] = await t.db
    .insert(issueCategories)
    .values({ name: `Category ${Math.random()}`, level: 1 })
    .returning();
  if (!category) throw new Error("no category");
  return category;
}

async function storedPicture(userId: number) {
  const [row] = await t.db.select().from(userPictures).where(eq(userPictures.userId, userId));
  return row;
}

describe("GET /api/chat/profile", () => {
  it("requires a signed-in caller", async () => {
    const res = await get("/api/chat/profile");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: "Authentication required", status: 401 });
  });

  it("shows the caller's own profile", async () => {
    const user = await signedIn({ name: "Pat Profile" });
    expect(await profileOf(user.authorization)).toEqual({
      profile_name: "Pat Profile",
      email: user.email,
      timezone: null,
      country_code: null,
      slack_member_id: null,
      expertise_category_id: null,
      email_notification: true,
      phone: null,
      picture_url: null,
    });
  });
});

describe("POST /api/chat/profile", () => {
  it("requires a signed-in caller and changes nothing", async () => {
    const user = await signedIn({ name: "Before" });
    const body = await multipart({ profile_name: "Hijacked" });
    const res = await t.app.inject({ method: "POST", url: "/api/chat/profile", ...body });
    expect(res.statusCode).toBe(401);
    expect((await profileOf(user.authorization)).profile_name).toBe("Before");
  });

  it("updates the text fields and GET shows them", async () => {
    const user = await signedIn({ accountId: 1, role: "engineer" });
    const category = await newCategory();
    const res = await postProfile(user.authorization, {
      profile_name: "  Robin Example  ",
      timezone: "Europe/Paris",
      country_code: "FR",
      phone: "+33 (1) 23-45-67",
      slack_member_id: "U012ABCDEF",
      expertise_category_id: String(category.id),
      email_notification: "false",
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      profile_name: "Robin Example",
      email: user.email,
      timezone: "Europe/Paris",
      country_code: "FR",
      slack_member_id: "U012ABCDEF",
      expertise_category_id: category.id,
      email_notification: false,
      phone: "+33 (1) 23-45-67",
      picture_url: null,
    };
    expect(res.json()).toEqual(expected);
    expect(await profileOf(user.authorization)).toEqual(expected);
    const me = await get("/api/chat/user", user.authorization);
    expect(me.json().name).toBe("Robin Example");
  });

  it("clears optional fields sent empty and keeps those not sent", async () => {
    const user = await signedIn();
    await postProfile(user.authorization, {
      profile_name: "Kim",
      phone: "+1 555 0100",
      timezone: "UTC",
      country_code: "US",
    });
    const res = await postProfile(user.authorization, { profile_name: "Kim", phone: "", country_code: "" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      phone: null,
      country_code: null,
      timezone: "UTC",
      email_notification: true,
    });
  });

  it.each([
    [
      "an invalid phone",
      { profile_name: "Valid Name", phone: "call me maybe" },
      "Please enter a valid phone number",
    ],
    [
      "a too short phone",
      { profile_name: "Valid Name", phone: "12345" },
      "Please enter a valid phone number",
    ],
    ["an empty name", { profile_name: "" }, "Name is required"],
    ["a blank name", { profile_name: "   " }, "Name is required"],
    [
      "a lower-case country code",
      { profile_name: "Valid Name", country_code: "fr" },
      "Please select a country",
    ],
  ])("refuses %s with 400 and changes nothing", async (_label, fields, message) => {
    const user = await signedIn({ name: "Unchanged" });
    await postProfile(user.authorization, { profile_name: "Unchanged", phone: "+49 30 1234567" });
    const before = await profileOf(user.authorization);
    const res = await postProfile(user.authorization, { ...fields, timezone: "Asia/Tokyo" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message, status: 400 });
    expect(await profileOf(user.authorization)).toEqual(before);
  });

  it("gives an expertise category to engineers only, and only one that exists; nothing changes otherwise", async () => {
    const category = await newCategory();
    const customer = await signedIn({ accountId: (await createAccount(t.db)).id, name: "Cus" });
    const engineer = await signedIn({ accountId: 1, role: "engineer", name: "Eng" });
    for (const [who, id, status, error] of [
      [customer, category.id, 400, "Only engineers have an expertise category"],
      [engineer, 999_999, 404, "Category not found"],
    ] as const) {
      const before = await profileOf(who.authorization);
      const res = await postProfile(who.authorization, {
        profile_name: "Renamed",
        expertise_category_id: String(id),
      });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error, status });
      expect(await profileOf(who.authorization)).toEqual(before);
    }
  });

  it("refuses a JSON body: the profile is multipart", async () => {
    const user = await signedIn({ name: "Json" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/chat/profile",
      headers: { authorization: user.authorization },
      payload: { profile_name: "Changed" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Send the profile as multipart/form-data", status: 400 });
    expect((await profileOf(user.authorization)).profile_name).toBe("Json");
  });
});

describe("profile picture", () => {
  it("stores an uploaded PNG and serves it as image/png with nosniff", async () => {
    const user = await signedIn();
    const png = tinyPng();
    const res = await postProfile(user.authorization, { profile_name: "Pictured" }, picturePart(png));
    expect(res.statusCode).toBe(200);
    const url: string = res.json().picture_url;
    expect(url).toMatch(new RegExp(`^/api/chat/user/${user.id}/thumbnail\\?v=\\d+$`));
    expect((await profileOf(user.authorization)).picture_url).toBe(url);

    const redirect = await get(url, user.authorization);
    expect(redirect.statusCode).toBe(302);
    const image = await get(String(redirect.headers.location));
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.headers["x-content-type-options"]).toBe("nosniff");
    expect(image.rawPayload.equals(png)).toBe(true);
  });

  it("takes the type from the bytes, not from the declared type", async () => {
    const user = await signedIn();
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const res = await postProfile(
      user.authorization,
      { profile_name: "Jay" },
      picturePart(jpeg, "me.png", "image/png"),
    );
    expect(res.statusCode).toBe(200);
    const image = await thumbnail(user.id, user.authorization);
    expect(image.headers["content-type"]).toBe("image/jpeg");
  });

  it("refuses a text file named x.png (400) and stores nothing", async () => {
    const user = await signedIn({ name: "No Picture" });
    const text = Buffer.from("<script>alert(1)</script> this is not an image\n");
    const res = await postProfile(
      user.authorization,
      { profile_name: "Renamed" },
      picturePart(text, "x.png", "image/png"),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "The picture must be a PNG, JPEG, GIF or WebP image", status: 400 });
    expect(await storedPicture(user.id)).toBeUndefined();
    const profile = await profileOf(user.authorization);
    expect(profile.picture_url).toBeNull();
    expect(profile.profile_name).toBe("No Picture");
    expect((await thumbnail(user.id, user.authorization)).statusCode).toBe(404);
  });

  it("stores no picture when a text field of the same request is invalid", async () => {
    const user = await signedIn({ name: "Atomic" });
    const res = await postProfile(
      user.authorization,
      { profile_name: "Atomic", phone: "not a phone" },
      picturePart(tinyPng()),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "Please enter a valid phone number", status: 400 });
    expect(await storedPicture(user.id)).toBeUndefined();
    expect((await profileOf(user.authorization)).picture_url).toBeNull();
  });

  it("refuses a picture over 2 MiB (413) and keeps the previous one", async () => {
    const user = await signedIn();
    const png = tinyPng();
    expect(
      (await postProfile(user.authorization, { profile_name: "Big" }, picturePart(png))).statusCode,
    ).toBe(200);
    const big = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length, 0x41)]);
    expect(big.length).toBe(2 * 1024 * 1024 + 1);
    const res = await postProfile(user.authorization, { profile_name: "Big" }, picturePart(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: "The picture must be at most 2 MiB", status: 413 });
    expect((await thumbnail(user.id, user.authorization)).rawPayload.equals(png)).toBe(true);
  });

  it("accepts a picture of exactly 2 MiB (boundary)", async () => {
    const user = await signedIn();
    const png = tinyPng();
    const exact = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 - png.length, 0x41)]);
    const res = await postProfile(user.authorization, { profile_name: "Exact" }, picturePart(exact));
    expect(res.statusCode).toBe(200);
    expect((await thumbnail(user.id, user.authorization)).rawPayload.length).toBe(2 * 1024 * 1024);
  });

  it("user info says whether there is a picture, so the app asks for one only then", async () => {
    const user = await signedIn();
    const hasPicture = async () =>
      (await get("/api/chat/user", user.authorization)).json().hasPicture as boolean;
    expect(await hasPicture()).toBe(false);
    await postProfile(user.authorization, { profile_name: "Pictured" }, picturePart(tinyPng()));
    expect(await hasPicture()).toBe(true);
    await t.app.inject({
      method: "DELETE",
      url: "/api/chat/profile/picture",
      headers: { authorization: user.authorization },
    });
    expect(await hasPicture()).toBe(false);
  });

  it("DELETE /api/chat/profile/picture removes it: the thumbnail answers 404", async () => {
    const user = await signedIn();
    await postProfile(user.authorization, { profile_name: "Gone" }, picturePart(tinyPng()));
    expect((await thumbnail(user.id, user.authorization)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: "DELETE",
      url: "/api/chat/profile/picture",
      headers: { authorization: user.authorization },
    });
    expect(res.statusCode).toBe(204);
    const gone = await thumbnail(user.id, user.authorization);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: "No picture", status: 404 });
    expect((await profileOf(user.authorization)).picture_url).toBeNull();
    expect(await storedPicture(user.id)).toBeUndefined();
  });

  describe("who may see a thumbnail", () => {
    async function pictured(accountId: number) {
      const user = await signedIn({ accountId });
      expect(
        (await postProfile(user.authorization, { profile_name: "Seen" }, picturePart(tinyPng()))).statusCode,
      ).toBe(200);
      return user;
    }

    it("a customer of another organization gets 404", async () => {
      const owner = await pictured((await createAccount(t.db)).id);
      const stranger = await signedIn({ accountId: (await createAccount(t.db)).id, role: "owner" });
      const res = await thumbnail(owner.id, stranger.authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "No picture", status: 404 });
    });

    it("a user in no organization gets 404", async () => {
      const owner = await pictured((await createAccount(t.db)).id);
      const loner = await signedIn();
      expect((await thumbnail(owner.id, loner.authorization)).statusCode).toBe(404);
    });

    it("a member of the same organization gets it", async () => {
      const account = await createAccount(t.db);
      const owner = await pictured(account.id);
      const colleague = await signedIn({ accountId: account.id, role: "user" });
      const res = await thumbnail(owner.id, colleague.authorization);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
    });

    it("an engineer gets any customer's picture", async () => {
      const owner = await pictured((await createAccount(t.db)).id);
      const engineer = await signedIn({ accountId: 1, role: "engineer" });
      const res = await thumbnail(owner.id, engineer.authorization);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("image/png");
    });

    it("every customer gets an engineer's picture", async () => {
      const engineer = await pictured(1);
      const customer = await signedIn({ accountId: (await createAccount(t.db)).id });
      expect((await thumbnail(engineer.id, customer.authorization)).statusCode).toBe(200);
    });

    it("requires a signed-in caller", async () => {
      const owner = await pictured((await createAccount(t.db)).id);
      const res = await get(`/api/chat/user/${owner.id}/thumbnail`);
      expect(res.statusCode).toBe(401);
    });
  });
});

describe("pictures in the file storage", () => {
  it("moves a picture kept in the database to the storage on first read", async () => {
    const user = await signedIn();
    const png = tinyPng();
    await t.db.insert(userPictures).values({ userId: user.id, contentType: "image/png", data: png });
    const image = await thumbnail(user.id, user.authorization);
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    const row = await storedPicture(user.id);
    expect(row?.data).toBeNull();
    expect(row?.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(path.join(dataDir, "files", String(row?.storageKey))).equals(png)).toBe(true);
  });

  it("serves the bytes only through a signed link for the current picture", async () => {
    const user = await signedIn();
    await postProfile(user.authorization, { profile_name: "Linked" }, picturePart(tinyPng()));
    const redirect = await get(`/api/chat/user/${user.id}/thumbnail`, user.authorization);
    expect(redirect.statusCode).toBe(302);
    const link = new URL(String(redirect.headers.location), "http://x");
    expect((await get(link.pathname + link.search)).statusCode).toBe(200);
    const edited = new URL(link);
    edited.searchParams.set("sig", `${link.searchParams.get("sig")?.slice(0, -2)}AA`);
    expect((await get(edited.pathname + edited.search)).statusCode).toBe(404);
    const other = await signedIn();
    expect((await get(`/api/chat/user/${other.id}/picture${link.search}`)).statusCode).toBe(404);
    const oldKey = (await storedPicture(user.id))?.storageKey;
    await postProfile(user.authorization, { profile_name: "Linked" }, picturePart(tinyPng()));
    expect((await get(link.pathname + link.search)).statusCode).toBe(404);
    expect(existsSync(path.join(dataDir, "files", String(oldKey)))).toBe(false);
  });
});

describe("GET /api/chat/user", () => {
  it("a user in no organization has accountId null", async () => {
    const user = await signedIn({ name: "Lone Wolf" });
    const res = await get("/api/chat/user", user.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: user.id,
      name: "Lone Wolf",
      email: user.email,
      accountId: null,
      companyName: null,
      isEngineer: false,
      roles: [],
      accountType: null,
      mfaEnabled: false,
      hasPicture: false,
      // A customer created after the welcome tour arrived, who has not taken or dismissed it.
      tourPending: true,
    });
  });

  it("answers 403 for ?aid= of another organization and does not describe it", async () => {
    const mine = await createAccount(t.db);
    const theirs = await createAccount(t.db);
    const user = await signedIn({ accountId: mine.id, role: "owner" });
    const res = await get(`/api/chat/user?aid=${theirs.id}`, user.authorization);
    expect(res.statusCode).toBe(403);
    // 2001: the spec §8 alert code of user information, on each of its failures.
    expect(res.json()).toEqual({ error: "You do not have access to this account", status: 403, code: 2001 });
    expect(res.body).not.toContain(theirs.company);
    const own = await get(`/api/chat/user?aid=${mine.id}`, user.authorization);
    expect(own.json()).toMatchObject({
      accountId: mine.id,
      companyName: mine.company,
      roles: ["account_owner"],
    });
  });

  it.each(["abc", "0", "-1", "1.5", "1e3", "2147483648"])("answers 400 for ?aid=%s", async (aid) => {
    const user = await signedIn({ accountId: (await createAccount(t.db)).id });
    const res = await get(`/api/chat/user?aid=${aid}`, user.authorization);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "aid must be a whole number from 1 to 2147483647",
      status: 400,
      code: 2001,
    });
  });

  it("an engineer may act on any organization with ?aid=", async () => {
    const account = await createAccount(t.db);
    const engineer = await signedIn({ accountId: 1, role: "engineer" });
    const res = await get(`/api/chat/user?aid=${account.id}`, engineer.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      accountId: account.id,
      companyName: account.company,
      isEngineer: true,
      roles: [],
    });
  });
});
