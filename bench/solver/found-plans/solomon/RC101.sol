Found by wayplan, seed 1, 100000 iterations, 1 thread(s)
Route #1: 82 11 15 16 9 10 13 17
Route #2: 69 98 88 53 78 60
Route #3: 59 75 87 97 58 77
Route #4: 65 52 99 57 86 74
Route #5: 72 36 38 41 40 43 37 35
Route #6: 95 62 67 71 94 96 54
Route #7: 90
Route #8: 5 45 2 7 6 8 3 1 70
Route #9: 92 31 29 27 26 32 93
Route #10: 64 51 85 84 56 66
Route #11: 14 47 12 73 79 46 4 100
Route #12: 23 21 18 49 22 20 25 24
Route #13: 39 42 44 61 81 68 55
Route #14: 63 33 28 30 34 50 91 80
Route #15: 83 19 76 89 48
Cost 1623.58
