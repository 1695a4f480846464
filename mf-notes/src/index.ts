// Async boundary of the standalone page: the federation runtime sets up shared singletons first.
import('./bootstrap.ts');
