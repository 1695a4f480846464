import { describe, expect, it } from 'vitest';
import { parseNoteLines } from './reviews-logic.ts';

describe('parseNoteLines', () => {
  it('makes one card per Question :: Answer line, list markers dropped', () => {
    const cards = parseNoteLines(
      '# SQL\n- What is a join? :: Rows of two tables matched\n1. Key :: Value\nplain text',
    );
    expect(cards).toEqual([
      { key: 'what is a join?', question: 'What is a join?', answer: 'Rows of two tables matched' },
      { key: 'key', question: 'Key', answer: 'Value' },
    ]);
  });

  it('skips empty sides, reversed ::: cards and fenced code', () => {
    const content = ['A ::', ':: B', 'C ::: D', '```', 'x :: y', '```', 'E::F'].join('\n');
    expect(parseNoteLines(content)).toEqual([{ key: 'e', question: 'E', answer: 'F' }]);
  });

  it('keeps the first of two lines asking the same question', () => {
    const cards = parseNoteLines('Capital  of France :: Paris\ncapital of france :: Lyon');
    expect(cards).toEqual([{ key: 'capital of france', question: 'Capital  of France', answer: 'Paris' }]);
  });

  it('reads Windows line ends', () => {
    expect(parseNoteLines('a :: b\r\nc :: d').map((c) => c.answer)).toEqual(['b', 'd']);
  });
});
