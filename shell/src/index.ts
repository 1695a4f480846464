// Async boundary: the federation runtime negotiates shared singletons before the app's code runs.
import('./bootstrap.tsx');
