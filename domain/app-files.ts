/**
 * A `<template>` of `<link rel="modulepreload">` elements in each page's head: the files of the app and
 * the page, which the entry script (src/boot.ts) asks for once the page has painted. A module of its
 * own, so the entry reads the name without loading the app's shared code.
 */
export const APP_FILES_ELEMENT_ID = 'app-files';
