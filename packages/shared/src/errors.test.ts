import { describe, expect, it } from "vitest";
import { ALERTS, alertForCode, alertMessage } from "./errors";

describe("alert table (spec §8)", () => {
  it("gives user info and users lists the one code 2001, each with its own text", () => {
    expect(ALERTS.FETCH_USER_INFO).toEqual({ code: 2001, text: "Error while fetching user information" });
    expect(ALERTS.FETCH_USERS).toEqual({ code: 2001, text: "Error while fetching users" });
  });

  it.each([
    [ALERTS.CREATE_ISSUE, "Error while creating issue : Boom"],
    [ALERTS.FETCH_ISSUE, "Error while fetching issue : Boom"],
    [ALERTS.UPDATE_TITLE, "Error while updating issue title : Boom"],
    [ALERTS.FETCH_ISSUES, "Error while fetching the issues : Boom"],
    [ALERTS.UPLOAD_FILE, "Error while uploading file : Boom"],
    [ALERTS.LIST_NOTICES, "Error while listing notices : Boom"],
    [ALERTS.FETCH_USER_INFO, "Error while fetching user information : Boom"],
    [ALERTS.USER_2005, "An Error occurred : Boom"],
    [ALERTS.GENERIC, "An Error occurred : Boom"],
  ])("%j shows %s", (alert, shown) => {
    expect(alertMessage(alert, "Boom")).toBe(shown);
  });

  it("knows every code of spec §8 and nothing else", () => {
    const codes = [...new Set(Object.values(ALERTS).map((a) => a.code))].sort((a, b) => a - b);
    expect(codes).toEqual([
      1002, 1003, 1004, 1005, 1007, 1009, 1010, 1011, 1012, 1013, 1014, 2001, 2002, 2003, 2004, 2005, 2006,
      2007, 2008, 3001, 4001, 4002, 5001, 6001, 7001, 99999,
    ]);
  });

  it("maps a code alone to its first use, and an unknown code to nothing", () => {
    expect(alertForCode(2001)).toBe(ALERTS.FETCH_USERS);
    expect(alertForCode(4001)).toBe(ALERTS.LIST_NOTICES);
    expect(alertForCode(1003)).toBe(ALERTS.FETCH_ISSUE);
    expect(alertForCode(1234)).toBeUndefined();
  });
});
