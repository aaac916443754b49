package tournament

func fakeRunner(args []string) int { return 2 }
