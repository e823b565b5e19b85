import { toLatinDigits } from './digits';

/** More words than this add nothing a buyer meant and only slow the search down. */
const MAX_SEARCH_TERMS = 10;
const ARABIC_ARTICLE = 'ال';
/** `البيت` also answers to `بيت`; shorter words such as `الله` or `الو` keep their first letters. */
const SHORTEST_WORD_AFTER_ARTICLE = 3;

/**
 * Text as the search index stores it and compares it: the spellings a buyer may type for the same
 * word become one. Decomposing (NFD) splits the hamza and madda off أ إ آ ؤ ئ as marks, which go
 * with the diacritics (harakat, dagger alef, tatweel) and Latin accents; the letters with no
 * decomposition are mapped by hand. Anything that is not a letter or a digit separates words.
 */
export function normalizeSearchText(text: string): string {
  return toLatinDigits(text.normalize('NFKC').toLowerCase())
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g, '')
    .normalize('NFC')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/[ىئ]/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/[^\p{L}\p{N}\p{M}]+/gu, ' ')
    .trim();
}

function wordsOf(text: string): string[] {
  const normalized = normalizeSearchText(text);
  return normalized === '' ? [] : normalized.split(' ');
}

function withoutArticle(word: string): string {
  return word.startsWith(ARABIC_ARTICLE) && word.length - ARABIC_ARTICLE.length >= SHORTEST_WORD_AFTER_ARTICLE ? word.slice(ARABIC_ARTICLE.length) : word;
}

/**
 * The words a query looks for, each one a prefix of a word of the ad. The Arabic article is dropped
 * so `سياره` and `السياره` find the same ads; the indexed text carries each word without it too.
 */
export function searchTermsOf(query: string): string[] {
  return [...new Set(wordsOf(query).map(withoutArticle))].slice(0, MAX_SEARCH_TERMS);
}

/** The text an ad is found by: its words normalised, and those that start with the article also without it. */
export function searchBodyOf(texts: readonly string[]): string {
  return texts
    .flatMap(wordsOf)
    .flatMap((word) => {
      const bare = withoutArticle(word);
      return bare === word ? [word] : [word, bare];
    })
    .join(' ');
}
