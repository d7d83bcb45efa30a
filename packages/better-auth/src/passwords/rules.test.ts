import { describe, expect, it } from "vitest";
import { passwordProblems } from "./rules.js";
import { quickRatio } from "./similarity.js";

describe("password rules (Django's validators)", () => {
  it("accept a long, uncommon password unlike the user", () => {
    expect(passwordProblems("plum-tractor-89", { username: "ada", email: "ada@example.test", name: "Ada" })).toEqual(
      [],
    );
  });

  it("refuse a short password with Django's message, and the length is configurable", () => {
    expect(passwordProblems("k7#q")).toEqual(["This password is too short. It must contain at least 8 characters."]);
    expect(passwordProblems("k7#q", {}, { minLength: 12 })).toEqual([
      "This password is too short. It must contain at least 12 characters.",
    ]);
    expect(passwordProblems("k7#qz9", {}, { minLength: 1 })).toEqual([]);
    // Characters, not UTF-16 units: eight emoji are eight characters.
    expect(passwordProblems("🔑🌵🎲🧭🪁🦉🍋🚲")).toEqual([]);
  });

  it("refuse a common password whatever its case, and an entirely numeric one, with every message at once", () => {
    expect(passwordProblems("PassWord")).toEqual(["This password is too common."]);
    expect(passwordProblems("12345678901")).toEqual([
      "This password is too common.",
      "This password is entirely numeric.",
    ]);
    expect(passwordProblems("1234")).toEqual([
      "This password is too short. It must contain at least 8 characters.",
      "This password is too common.",
      "This password is entirely numeric.",
    ]);
    expect(passwordProblems("83920571")).toEqual(["This password is entirely numeric."]);
  });

  it("refuse a password too similar to the username, the name or a part of the email", () => {
    expect(passwordProblems("marjorie1", { username: "marjorie" })).toEqual([
      "The password is too similar to the username.",
    ]);
    expect(passwordProblems("lovelace99", { email: "ada.lovelace@example.test" })).toEqual([
      "The password is too similar to the email address.",
    ]);
    expect(passwordProblems("Grace Hopper!", { name: "Grace Hopper" })).toEqual([
      "The password is too similar to the name.",
    ]);
    // Much longer than the attribute: not compared (Django's length-ratio shortcut).
    expect(passwordProblems("a-long-phrase-with-ada-inside", { username: "ada" })).toEqual([]);
    expect(passwordProblems("marjorie1", { username: "marjorie" }, { similarity: false })).toEqual([]);
    expect(passwordProblems("x7kq-marjorie", { username: "marjorie" }, { similarity: { maxSimilarity: 0.8 } })).toEqual(
      [],
    );
  });

  it("take an app's own list of common passwords instead of Django's", () => {
    const list = ["Tractor-Plum-89"];
    expect(passwordProblems("tractor-plum-89", {}, { common: list })).toEqual(["This password is too common."]);
    expect(passwordProblems("password1", {}, { common: false })).toEqual([]);
  });

  it("measure similarity as Python's SequenceMatcher.quick_ratio", () => {
    expect(quickRatio("abcd", "bcde")).toBe(0.75);
    expect(quickRatio("lovelace99", "lovelace")).toBeCloseTo(0.8888888888888888, 12);
    expect(quickRatio("x7kq-marjorie", "marjorie")).toBeCloseTo(0.7619047619047619, 12);
    expect(quickRatio("", "")).toBe(1);
  });
});
