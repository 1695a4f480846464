// A worker thread that writes the Anki package: node:sqlite's inserts are synchronous, about half a second
// for a thousand cards, which would otherwise hold the API's event loop.
import { workerData } from 'node:worker_threads';
import { answerParent } from '../../lib/worker-once.ts';
import { type AnkiCard, ankiPackage } from './anki-deck.ts';

const { deckName, cards } = workerData as { deckName: string; cards: AnkiCard[] };
await answerParent(() => ankiPackage(deckName, cards));
