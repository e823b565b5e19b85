import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchBodyOf, searchTermsOf } from '../../domain/search-text';

describe('normalizeSearchText', () => {
  it('writes the Arabic spellings of one word the same way', () => {
    expect(normalizeSearchText('سيارة')).toBe(normalizeSearchText('سياره'));
    expect(normalizeSearchText('أحمد إبراهيم آمنة ٱلقمر')).toBe('احمد ابراهيم امنه القمر');
    expect(normalizeSearchText('مستشفى')).toBe('مستشفي');
    expect(normalizeSearchText('مؤسسة رئيس')).toBe('موسسه رييس');
  });

  it('drops diacritics, the dagger alef and tatweel', () => {
    expect(normalizeSearchText('مَرْسِيدِس')).toBe('مرسيدس');
    expect(normalizeSearchText('هٰذا')).toBe('هذا');
    expect(normalizeSearchText('جـــديد')).toBe('جديد');
    expect(normalizeSearchText('Café crème')).toBe('cafe creme');
  });

  it('folds presentation forms, letter case and every kind of digit', () => {
    expect(normalizeSearchText('ﻻ ﺳﻴﺎﺭﺓ')).toBe('لا سياره');
    expect(normalizeSearchText('iPhone ＰＲＯ')).toBe('iphone pro');
    expect(normalizeSearchText('كامري ٢٠٢٢ و ۲۰۲۳')).toBe('كامري 2022 و 2023');
  });

  it('turns punctuation into single spaces', () => {
    expect(normalizeSearchText('  Mercedes-Benz, C200 (2021)…  "new"!  ')).toBe('mercedes benz c200 2021 new');
    expect(normalizeSearchText('100% on_time؛ جديد، مستعمل؟')).toBe('100 on time جديد مستعمل');
    expect(normalizeSearchText('%_*"')).toBe('');
  });
});

describe('searchTermsOf', () => {
  it('gives each normalised word once, without the Arabic article, at most ten', () => {
    expect(searchTermsOf('  السيارة  سياره Merc merc ')).toEqual(['سياره', 'merc']);
    expect(searchTermsOf('الله البيت')).toEqual(['الله', 'بيت']);
    expect(searchTermsOf('"a" OR b* NEAR(c -d)')).toEqual(['a', 'or', 'b', 'near', 'c', 'd']);
    expect(searchTermsOf('%%% ___')).toEqual([]);
    expect(searchTermsOf('1 2 3 4 5 6 7 8 9 10 11 12')).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
  });
});

describe('searchBodyOf', () => {
  it('joins the texts normalised, with the words that carry the article also without it', () => {
    expect(searchBodyOf(['السيارة الجديدة', 'Toyota-Camry', 'الله'])).toBe('السياره سياره الجديده جديده toyota camry الله');
    expect(searchBodyOf(['', '!!'])).toBe('');
  });
});
