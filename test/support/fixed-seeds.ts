import fc from 'fast-check';

// Property tests draw the same cases on every run, so that a failure is found again by running
// the test again and a run cannot pass by luck; a test may still give its own `seed`.
fc.configureGlobal({ seed: 20250601 });
